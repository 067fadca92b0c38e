package io.engagement.local.customer;

import io.engagement.local.support.Answer;
import io.engagement.local.support.Json;
import io.engagement.local.support.RunningSuite;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/** Metric definitions and company metric values through the gateway, one fresh organization per test. */
class MetricApiIT {

    private static final String METRICS = "/external/v1/external/v1/customers/metrics";
    private static final String COMPANIES = "/external/v1/external/v1/customers/companies";
    private static final String UUID_PATTERN = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";

    private final RunningSuite suite = RunningSuite.get();
    private final RunningSuite.Organization org = suite.createOrganization("Metric API " + UUID.randomUUID());

    // ---- definitions ----

    @Test
    void aDefinedMetricIsAnsweredWithItsServerAssignedFields() {
        Answer created = post(METRICS, Map.of("name", "Monthly revenue", "description", "In naira", "data_type", "NUMBER"));

        assertThat(created.status()).isEqualTo(201);
        JsonNode metric = created.json();
        assertThat(metric.get("id").isIntegralNumber()).isTrue();
        assertThat(metric.get("metric_id").asString()).matches(UUID_PATTERN);
        assertThat(metric.get("name").asString()).isEqualTo("Monthly revenue");
        assertThat(metric.get("description").asString()).isEqualTo("In naira");
        assertThat(metric.get("data_type").asString()).isEqualTo("NUMBER");
        assertThat(metric.get("organization_id").asLong()).isEqualTo(org.id());
        Instant timeCreated = Instant.parse(metric.get("time_created").asString());
        assertThat(Instant.parse(metric.get("time_updated").asString())).isEqualTo(timeCreated);
    }

    @Test
    void theDescriptionIsOptional() {
        Answer created = post(METRICS, Map.of("name", "Seats", "data_type", "NUMBER"));

        assertThat(created.status()).isEqualTo(201);
        assertThat(created.json().has("description")).isTrue();
        assertThat(created.json().get("description").isNull()).isTrue();
    }

    @Test
    void theSinglePrefixAliasDefinesTheSameWay() {
        Answer created = post("/external/v1/customers/metrics", Map.of("name", "Seats", "data_type", "NUMBER"));

        assertThat(created.status()).isEqualTo(201);
        assertThat(created.json().get("metric_id").asString()).matches(UUID_PATTERN);
    }

    @ParameterizedTest
    @ValueSource(strings = {"NUMBER", "STRING", "DATE", "BOOLEAN"})
    void eachOfTheFourDataTypesIsAccepted(String dataType) {
        Answer created = post(METRICS, Map.of("name", "A " + dataType + " metric", "data_type", dataType));

        assertThat(created.status()).isEqualTo(201);
        assertThat(created.json().get("data_type").asString()).isEqualTo(dataType);
    }

    @ParameterizedTest
    @ValueSource(strings = {"INTEGER", "number", "TEXT", ""})
    void anyOtherDataTypeIsRefusedOnItsField(String dataType) {
        Answer answer = post(METRICS, Map.of("name", "Seats", "data_type", dataType));

        assertThat(answer.status()).isEqualTo(422);
        assertThat(answer.locs()).containsExactly(List.of("body", "data_type"));
        assertThat(answer.json().at("/detail/0/input").asString()).isEqualTo(dataType);
    }

    @Test
    void nameAndDataTypeAreRequired() {
        Answer answer = post(METRICS, Map.of("description", "nothing else"));

        assertThat(answer.status()).isEqualTo(422);
        assertThat(answer.locs()).containsExactlyInAnyOrder(List.of("body", "name"), List.of("body", "data_type"));
        assertThat(answer.json().get("detail").valueStream().map(error -> error.get("type").asString()))
                .containsOnly("missing");
    }

    @Test
    void aSecondMetricOfTheSameNameInAnyCaseIsAConflict() {
        assertThat(post(METRICS, Map.of("name", "Seats", "data_type", "NUMBER")).status()).isEqualTo(201);

        Answer same = post(METRICS, Map.of("name", "Seats", "data_type", "STRING"));
        Answer otherCase = post(METRICS, Map.of("name", "SEATS", "data_type", "NUMBER"));

        assertThat(same.status()).isEqualTo(409);
        assertThat(same.json().get("detail").isString()).isTrue();
        assertThat(same.detail()).isNotBlank();
        assertThat(otherCase.status()).isEqualTo(409);
        assertThat(otherCase.json().get("detail").isString()).isTrue();
    }

    @Test
    void theSameNameInAnotherOrganizationIsAnotherMetric() {
        RunningSuite.Organization other = suite.createOrganization("Metric API other " + UUID.randomUUID());
        JsonNode mine = post(METRICS, Map.of("name", "Seats", "data_type", "NUMBER")).json();

        Answer theirs = suite.post(METRICS, Json.write(Map.of("name", "Seats", "data_type", "NUMBER")), "x-api-key", other.apiKey());

        assertThat(theirs.status()).isEqualTo(201);
        assertThat(theirs.json().get("organization_id").asLong()).isEqualTo(other.id());
        assertThat(theirs.json().get("metric_id").asString()).isNotEqualTo(mine.get("metric_id").asString());
    }

    // ---- values ----

    @Test
    void aSetValueIsAnsweredWithIntegerIdsAndTheMetricsNameAndType() {
        JsonNode company = company("Analytical Engines");
        JsonNode metric = metric("Monthly revenue", "NUMBER");

        Answer set = setValue(company, metric, "12.5");

        assertThat(set.status()).isEqualTo(201);
        JsonNode value = set.json();
        assertThat(value.get("id").isIntegralNumber()).isTrue();
        assertThat(value.get("company_id").isIntegralNumber()).isTrue();
        assertThat(value.get("company_id").asLong()).isEqualTo(company.get("id").asLong());
        assertThat(value.get("metric_id").isIntegralNumber()).isTrue();
        assertThat(value.get("metric_id").asLong()).isEqualTo(metric.get("id").asLong());
        assertThat(value.get("metric_name").asString()).isEqualTo("Monthly revenue");
        assertThat(value.get("data_type").asString()).isEqualTo("NUMBER");
        assertThat(value.get("value").asString()).isEqualTo("12.5");
        Instant.parse(value.get("time_created").asString());
        Instant.parse(value.get("time_updated").asString());
    }

    @Test
    void settingAValueAgainUpdatesTheOneValueOfThatCompanyAndMetric() {
        JsonNode company = company("Analytical Engines");
        JsonNode metric = metric("Monthly revenue", "NUMBER");
        JsonNode first = setValue(company, metric, "12.5").json();

        Answer second = setValue(company, metric, "13");

        assertThat(second.status()).isEqualTo(201);
        assertThat(second.json().get("id").asLong()).isEqualTo(first.get("id").asLong());
        assertThat(second.json().get("value").asString()).isEqualTo("13");
        assertThat(second.json().get("time_created").asString()).isEqualTo(first.get("time_created").asString());
        assertThat(Instant.parse(second.json().get("time_updated").asString()))
                .isAfterOrEqualTo(Instant.parse(first.get("time_updated").asString()));
        JsonNode values = values(company).json();
        assertThat(values.size()).isEqualTo(1);
        assertThat(values.get(0).get("id").asLong()).isEqualTo(first.get("id").asLong());
        assertThat(values.get(0).get("value").asString()).isEqualTo("13");
    }

    @ParameterizedTest(name = "{0} {1} accepted: {2}")
    @CsvSource({
            "NUMBER, 12.5, true",
            "NUMBER, -3, true",
            "NUMBER, abc, false",
            "DATE, 2026-01-31, true",
            "DATE, 2026-01-31T10:00:00Z, true",
            "DATE, 31/01/2026, false",
            "DATE, 2026-13-45, false",
            "BOOLEAN, true, true",
            "BOOLEAN, false, true",
            "BOOLEAN, yes, false",
            "STRING, anything at all, true",
            "STRING, 31/01/2026, true",
    })
    void aValueMustParseAsItsMetricsDataType(String dataType, String value, boolean accepted) {
        JsonNode company = company("Analytical Engines");
        JsonNode metric = metric("A " + dataType + " metric", dataType);

        Answer answer = setValue(company, metric, value);

        if (accepted) {
            assertThat(answer.status()).as(answer.body()).isEqualTo(201);
            assertThat(answer.json().get("value").asString()).isEqualTo(value);
            assertThat(answer.json().get("data_type").asString()).isEqualTo(dataType);
            assertThat(values(company).json().get(0).get("value").asString()).isEqualTo(value);
        } else {
            assertThat(answer.status()).isEqualTo(422);
            assertThat(answer.locs()).containsExactly(List.of("body", "value"));
            assertThat(answer.json().at("/detail/0/input").asString()).isEqualTo(value);
            assertThat(values(company).json().size()).isZero();
        }
    }

    @Test
    void anUnknownMetricIsRefusedOnItsField() {
        JsonNode company = company("Analytical Engines");
        String unknown = UUID.randomUUID().toString();

        Answer answer = post(COMPANIES + "/" + company.get("company_id").asString() + "/metrics",
                Map.of("metric_id", unknown, "company_id", company.get("company_id").asString(), "value", "1"));

        assertThat(answer.status()).isEqualTo(422);
        assertThat(answer.locs()).containsExactly(List.of("body", "metric_id"));
        assertThat(answer.json().at("/detail/0/input").asString()).isEqualTo(unknown);
    }

    @Test
    void anotherOrganizationsMetricIsUnknownToo() {
        RunningSuite.Organization other = suite.createOrganization("Metric API other " + UUID.randomUUID());
        String foreignMetric = suite.post(METRICS, Json.write(Map.of("name", "Seats", "data_type", "STRING")), "x-api-key", other.apiKey())
                .json().get("metric_id").asString();
        JsonNode company = company("Analytical Engines");

        Answer answer = post(COMPANIES + "/" + company.get("company_id").asString() + "/metrics",
                Map.of("metric_id", foreignMetric, "company_id", company.get("company_id").asString(), "value", "1"));

        assertThat(answer.status()).isEqualTo(422);
        assertThat(answer.locs()).containsExactly(List.of("body", "metric_id"));
    }

    @Test
    void anUnknownCompanyInThePathIs404() {
        JsonNode metric = metric("Seats", "NUMBER");
        String unknown = UUID.randomUUID().toString();

        Answer set = post(COMPANIES + "/" + unknown + "/metrics",
                Map.of("metric_id", metric.get("metric_id").asString(), "company_id", unknown, "value", "1"));
        Answer read = get(COMPANIES + "/" + unknown + "/metrics");

        assertThat(set.status()).isEqualTo(404);
        assertThat(set.body()).isEqualTo("{\"detail\":\"Company not found\"}");
        assertThat(read.status()).isEqualTo(404);
        assertThat(read.detail()).isEqualTo("Company not found");
    }

    @Test
    void anotherOrganizationsCompanyInThePathIsExactlyLikeAMissingOne() {
        RunningSuite.Organization other = suite.createOrganization("Metric API other " + UUID.randomUUID());
        String foreignCompany = suite.post(COMPANIES, Json.write(Map.of("company_name", "Foreign", "company_email", "f@foreign.test")),
                "x-api-key", other.apiKey()).json().get("company_id").asString();
        JsonNode metric = metric("Seats", "NUMBER");

        Answer set = post(COMPANIES + "/" + foreignCompany + "/metrics",
                Map.of("metric_id", metric.get("metric_id").asString(), "company_id", foreignCompany, "value", "1"));
        Answer read = get(COMPANIES + "/" + foreignCompany + "/metrics");

        assertThat(set.status()).isEqualTo(404);
        assertThat(set.detail()).isEqualTo("Company not found");
        assertThat(read.status()).isEqualTo(404);
        assertThat(read.detail()).isEqualTo("Company not found");
        assertThat(suite.get(COMPANIES + "/" + foreignCompany + "/metrics", "x-api-key", other.apiKey()).json().size()).isZero();
    }

    @ParameterizedTest
    @ValueSource(strings = {"metric_id", "company_id", "value"})
    void eachBodyFieldLeftOutIsReportedMissing(String field) {
        JsonNode company = company("Analytical Engines");
        JsonNode metric = metric("Seats", "NUMBER");
        Map<String, Object> body = new LinkedHashMap<>(Map.of(
                "metric_id", metric.get("metric_id").asString(), "company_id", company.get("company_id").asString(), "value", "1"));
        body.remove(field);

        Answer answer = post(COMPANIES + "/" + company.get("company_id").asString() + "/metrics", body);

        assertThat(answer.status()).isEqualTo(422);
        assertThat(answer.locs()).containsExactly(List.of("body", field));
        assertThat(answer.json().at("/detail/0/type").asString()).isEqualTo("missing");
        assertThat(values(company).json().size()).isZero();
    }

    @Test
    void aValueThatIsNotAStringIsAStringTypeError() {
        JsonNode company = company("Analytical Engines");
        JsonNode metric = metric("Seats", "NUMBER");

        Answer answer = post(COMPANIES + "/" + company.get("company_id").asString() + "/metrics",
                Map.of("metric_id", metric.get("metric_id").asString(), "company_id", company.get("company_id").asString(), "value", 12));

        assertThat(answer.status()).isEqualTo(422);
        assertThat(answer.locs()).containsExactly(List.of("body", "value"));
        assertThat(answer.json().at("/detail/0/type").asString()).isEqualTo("string_type");
    }

    @Test
    void aCompanysValuesAreListedAsAnArray() {
        JsonNode company = company("Analytical Engines");
        JsonNode otherCompany = company("Babbage Brothers");
        JsonNode revenue = metric("Monthly revenue", "NUMBER");
        JsonNode renewal = metric("Renewal date", "DATE");
        setValue(company, revenue, "100");
        setValue(company, renewal, "2026-06-30");
        setValue(otherCompany, revenue, "7");

        Answer answer = values(company);

        assertThat(answer.status()).isEqualTo(200);
        assertThat(answer.json().isArray()).isTrue();
        assertThat(answer.json().valueStream().map(value -> value.get("metric_name").asString()))
                .containsExactlyInAnyOrder("Monthly revenue", "Renewal date");
        assertThat(answer.json().valueStream().map(value -> value.get("value").asString()))
                .containsExactlyInAnyOrder("100", "2026-06-30");
        assertThat(answer.json().valueStream()).allSatisfy(value ->
                assertThat(value.get("company_id").asLong()).isEqualTo(company.get("id").asLong()));
    }

    @Test
    void aCompanyWithoutValuesHasAnEmptyArray() {
        JsonNode company = company("Analytical Engines");

        Answer answer = values(company);

        assertThat(answer.status()).isEqualTo(200);
        assertThat(answer.body().strip()).isEqualTo("[]");
    }

    // ---- helpers ----

    private JsonNode company(String name) {
        Answer created = post(COMPANIES, Map.of("company_name", name, "company_email", "hello@" + name.split(" ")[0].toLowerCase() + ".test"));
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        return created.json();
    }

    private JsonNode metric(String name, String dataType) {
        Answer created = post(METRICS, Map.of("name", name, "data_type", dataType));
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        return created.json();
    }

    private Answer setValue(JsonNode company, JsonNode metric, String value) {
        String companyId = company.get("company_id").asString();
        return post(COMPANIES + "/" + companyId + "/metrics",
                Map.of("metric_id", metric.get("metric_id").asString(), "company_id", companyId, "value", value));
    }

    private Answer values(JsonNode company) {
        return get(COMPANIES + "/" + company.get("company_id").asString() + "/metrics");
    }

    private Answer post(String path, Object body) {
        return suite.post(path, Json.write(body), "x-api-key", org.apiKey());
    }

    private Answer get(String path) {
        return suite.get(path, "x-api-key", org.apiKey());
    }
}
