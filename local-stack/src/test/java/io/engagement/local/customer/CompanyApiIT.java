package io.engagement.local.customer;

import io.engagement.local.support.Answer;
import io.engagement.local.support.Json;
import io.engagement.local.support.RunningSuite;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/** Creating, bulk-creating and listing companies through the gateway, one fresh organization per test. */
class CompanyApiIT {

    private static final String COMPANIES = "/external/v1/external/v1/customers/companies";
    private static final String ALIAS = "/external/v1/customers/companies";
    private static final String BULK = COMPANIES + "/bulk";
    private static final String UUID_PATTERN = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";

    private final RunningSuite suite = RunningSuite.get();
    private final RunningSuite.Organization org = suite.createOrganization("Company API " + UUID.randomUUID());

    // ---- create ----

    @Test
    void aCreatedCompanyIsAnsweredWithItsServerAssignedFieldsAndIsALead() {
        Answer created = post(COMPANIES, company("Analytical Engines", "hello@engines.test"));

        assertThat(created.status()).isEqualTo(201);
        JsonNode company = created.json();
        assertThat(company.get("id").isIntegralNumber()).isTrue();
        assertThat(company.get("company_id").asString()).matches(UUID_PATTERN);
        assertThat(company.get("company_name").asString()).isEqualTo("Analytical Engines");
        assertThat(company.get("company_email").asString()).isEqualTo("hello@engines.test");
        assertThat(company.get("company_status").asString()).isEqualTo("lead");
        assertThat(company.get("organization_id").asLong()).isEqualTo(org.id());
        Instant timeCreated = Instant.parse(company.get("time_created").asString());
        assertThat(Instant.parse(company.get("time_updated").asString())).isEqualTo(timeCreated);
        assertThat(company.has("website")).isTrue();
        assertThat(company.get("website").isNull()).isTrue();
    }

    @Test
    void everyOptionalFieldIsKeptAsSent() {
        Map<String, Object> body = company("Analytical Engines", "hello@engines.test");
        body.put("company_status", "active");
        body.put("description", "Difference and analytical engines");
        body.put("industry", "Computing");
        body.put("website", "https://engines.test");
        body.put("phone", "+44 20 0000 0000");
        body.put("address", "1 Dorset Street, London");

        JsonNode company = post(COMPANIES, body).json();

        body.forEach((field, value) -> assertThat(company.get(field).asString()).as(field).isEqualTo(value));
    }

    @Test
    void theSinglePrefixAliasCreatesTheSameWay() {
        Answer created = post(ALIAS, company("Analytical Engines", "hello@engines.test"));

        assertThat(created.status()).isEqualTo(201);
        assertThat(created.json().get("company_status").asString()).isEqualTo("lead");
        assertThat(list("").get("total").asInt()).isEqualTo(1);
    }

    @ParameterizedTest
    @ValueSource(strings = {"active", "prospect", "on_hold", "churned", "lead", "inactive"})
    void eachOfTheSixStatusesIsAccepted(String status) {
        Map<String, Object> body = company("Analytical Engines", "hello@engines.test");
        body.put("company_status", status);

        Answer created = post(COMPANIES, body);

        assertThat(created.status()).isEqualTo(201);
        assertThat(created.json().get("company_status").asString()).isEqualTo(status);
    }

    @ParameterizedTest
    @ValueSource(strings = {"customer", "ACTIVE", "on hold", ""})
    void anyOtherStatusIsALiteralError(String status) {
        Map<String, Object> body = company("Analytical Engines", "hello@engines.test");
        body.put("company_status", status);

        Answer answer = post(COMPANIES, body);

        assertThat(answer.status()).isEqualTo(422);
        assertThat(answer.locs()).containsExactly(List.of("body", "company_status"));
        assertThat(answer.json().at("/detail/0/type").asString()).isEqualTo("literal_error");
        assertThat(answer.json().at("/detail/0/input").asString()).isEqualTo(status);
        assertThat(list("").get("total").asInt()).isZero();
    }

    @ParameterizedTest
    @ValueSource(strings = {"company_name", "company_email"})
    void eachRequiredFieldLeftOutIsReportedMissing(String field) {
        Map<String, Object> body = company("Analytical Engines", "hello@engines.test");
        body.remove(field);

        Answer answer = post(COMPANIES, body);

        assertThat(answer.status()).isEqualTo(422);
        assertThat(answer.locs()).containsExactly(List.of("body", field));
        assertThat(answer.json().at("/detail/0/type").asString()).isEqualTo("missing");
        assertThat(answer.json().at("/detail/0/msg").asString()).isEqualTo("Field required");
    }

    @Test
    void aBodyThatIsNotJsonIsJsonInvalid() {
        Answer answer = suite.post(COMPANIES, "company_name=Acme", "x-api-key", org.apiKey());

        assertThat(answer.status()).isEqualTo(422);
        assertThat(answer.locs()).containsExactly(List.of("body"));
        assertThat(answer.json().at("/detail/0/type").asString()).isEqualTo("json_invalid");
    }

    // ---- list ----

    @Test
    void theListIsAPageEnvelopeOfTheOrganizationsCompanies() {
        createThree();

        Answer answer = get(COMPANIES);

        assertThat(answer.status()).isEqualTo(200);
        JsonNode page = answer.json();
        assertThat(page.get("total").asInt()).isEqualTo(3);
        assertThat(page.get("page").asInt()).isEqualTo(1);
        assertThat(page.get("page_size").asInt()).isEqualTo(20);
        assertThat(page.get("total_pages").asInt()).isEqualTo(1);
        assertThat(page.get("has_next").asBoolean()).isFalse();
        assertThat(page.get("has_previous").asBoolean()).isFalse();
        assertThat(page.get("data").valueStream().map(company -> company.get("company_name").asString()))
                .containsExactlyInAnyOrder("Analytical Engines", "Babbage Brothers", "Countess Consulting");
        assertThat(page.get("data").valueStream()).allSatisfy(company ->
                assertThat(company.get("organization_id").asLong()).isEqualTo(org.id()));
    }

    @Test
    void theListPagesThroughEveryCompany() {
        createThree();

        JsonNode first = list("?page_size=2&sort_by=company_name&sort_order=asc");
        JsonNode second = list("?page=2&page_size=2&sort_by=company_name&sort_order=asc");

        assertThat(first.get("total_pages").asInt()).isEqualTo(2);
        assertThat(first.get("has_next").asBoolean()).isTrue();
        assertThat(first.get("data").size()).isEqualTo(2);
        assertThat(second.get("has_next").asBoolean()).isFalse();
        assertThat(second.get("has_previous").asBoolean()).isTrue();
        assertThat(second.at("/data/0/company_name").asString()).isEqualTo("Countess Consulting");
    }

    @Test
    void theSinglePrefixAliasListsTheSame() {
        createThree();

        Answer alias = get(ALIAS + "?sort_by=company_name&sort_order=asc");

        assertThat(alias.status()).isEqualTo(200);
        assertThat(alias.json()).isEqualTo(list("?sort_by=company_name&sort_order=asc"));
    }

    @Test
    void searchMatchesNameEmailOrWebsiteWhateverTheCase() {
        createThree();

        assertThat(names(list("?search=ANALYTICAL"))).containsExactly("Analytical Engines");
        assertThat(names(list("?search=%40BABBAGE.test"))).containsExactly("Babbage Brothers");
        assertThat(names(list("?search=countess.example"))).containsExactly("Countess Consulting");
        assertThat(list("?search=nothing-like-it").get("total").asInt()).isZero();
    }

    @ParameterizedTest
    @ValueSource(strings = {".*", "%24where", "%7B%22%24gt%22%3A%20%22%22%7D", "(", "%5C", "%5Ba-z%5D%2B"})
    void searchTextIsLiteralNeverAPatternOrOperator(String search) {
        createThree();

        Answer answer = get(COMPANIES + "?search=" + search);

        assertThat(answer.status()).isEqualTo(200);
        assertThat(answer.json().get("total").asInt()).isZero();
        assertThat(answer.json().get("data").size()).isZero();
    }

    @Test
    void theStatusFilterKeepsOnlyThatStatus() {
        createThree();

        assertThat(names(list("?status=churned"))).containsExactly("Babbage Brothers");
        assertThat(names(list("?status=lead"))).containsExactly("Analytical Engines");
        assertThat(list("?status=on_hold").get("total").asInt()).isZero();
    }

    @Test
    void anUnknownStatusFilterIsALiteralErrorOnTheQuery() {
        Answer answer = get(COMPANIES + "?status=gone");

        assertThat(answer.status()).isEqualTo(422);
        assertThat(answer.locs()).containsExactly(List.of("query", "status"));
        assertThat(answer.json().at("/detail/0/type").asString()).isEqualTo("literal_error");
        assertThat(answer.json().at("/detail/0/input").asString()).isEqualTo("gone");
    }

    @Test
    void theIndustryFilterKeepsOnlyThatIndustry() {
        createThree();

        assertThat(names(list("?industry=Computing&sort_by=company_name&sort_order=asc")))
                .containsExactly("Analytical Engines", "Countess Consulting");
        assertThat(names(list("?industry=Textiles"))).containsExactly("Babbage Brothers");
        assertThat(list("?industry=Mining").get("total").asInt()).isZero();
    }

    @Test
    void companiesSortByNameInEitherOrder() {
        createThree();

        assertThat(names(list("?sort_by=company_name&sort_order=asc")))
                .containsExactly("Analytical Engines", "Babbage Brothers", "Countess Consulting");
        assertThat(names(list("?sort_by=company_name&sort_order=desc")))
                .containsExactly("Countess Consulting", "Babbage Brothers", "Analytical Engines");
    }

    @Test
    void listQueryBoundsAreValidatedWithTheFaultyParameterNamed() {
        Answer zeroPage = get(COMPANIES + "?page=0");
        Answer zeroSize = get(COMPANIES + "?page_size=0");
        Answer tooBig = get(COMPANIES + "?page_size=101");
        Answer badOrder = get(COMPANIES + "?sort_order=up");
        Answer badSort = get(COMPANIES + "?sort_by=shoe_size");

        assertThat(zeroPage.status()).isEqualTo(422);
        assertThat(zeroPage.locs()).containsExactly(List.of("query", "page"));
        assertThat(zeroSize.locs()).containsExactly(List.of("query", "page_size"));
        assertThat(tooBig.locs()).containsExactly(List.of("query", "page_size"));
        assertThat(tooBig.json().at("/detail/0/type").asString()).isEqualTo("less_than_equal");
        assertThat(badOrder.locs()).containsExactly(List.of("query", "sort_order"));
        assertThat(badOrder.json().at("/detail/0/type").asString()).isEqualTo("literal_error");
        assertThat(badSort.status()).isEqualTo(422);
        assertThat(badSort.locs()).containsExactly(List.of("query", "sort_by"));
    }

    @Test
    void anotherOrganizationNeverSeesTheseCompanies() {
        createThree();
        RunningSuite.Organization other = suite.createOrganization("Company API other " + UUID.randomUUID());

        Answer theirs = suite.get(COMPANIES + "?page_size=100", "x-api-key", other.apiKey());
        Answer theirSearch = suite.get(COMPANIES + "?search=Analytical", "x-api-key", other.apiKey());

        assertThat(theirs.status()).isEqualTo(200);
        assertThat(theirs.json().get("total").asInt()).isZero();
        assertThat(theirs.json().get("data").size()).isZero();
        assertThat(theirSearch.json().get("total").asInt()).isZero();
        assertThat(list("").get("total").asInt()).isEqualTo(3);
    }

    // ---- bulk ----

    @Test
    void bulkCreatesEveryCompanyAndAnswersThem() {
        Map<String, Object> churned = company("Babbage Brothers", "info@babbage.test");
        churned.put("company_status", "churned");

        Answer answer = post(BULK, Map.of("companies", List.of(company("Analytical Engines", "hello@engines.test"), churned)));

        assertThat(answer.status()).isEqualTo(201);
        assertThat(answer.json().get("created").asInt()).isEqualTo(2);
        assertThat(answer.json().get("companies").valueStream().map(company -> company.get("company_name").asString()))
                .containsExactly("Analytical Engines", "Babbage Brothers");
        assertThat(answer.json().get("companies").valueStream().map(company -> company.get("company_status").asString()))
                .containsExactly("lead", "churned");
        assertThat(answer.json().get("companies").valueStream()).allSatisfy(company -> {
            assertThat(company.get("company_id").asString()).matches(UUID_PATTERN);
            assertThat(company.get("id").isIntegralNumber()).isTrue();
            assertThat(company.get("organization_id").asLong()).isEqualTo(org.id());
        });
        assertThat(list("").get("total").asInt()).isEqualTo(2);
    }

    @Test
    void bulkOnTheSinglePrefixAliasWorksToo() {
        Answer answer = post(ALIAS + "/bulk", Map.of("companies", List.of(company("Analytical Engines", "hello@engines.test"))));

        assertThat(answer.status()).isEqualTo(201);
        assertThat(answer.json().get("created").asInt()).isEqualTo(1);
    }

    @Test
    void exactlyFiftyCompaniesInOneBulkAreAccepted() {
        Answer answer = post(BULK, Map.of("companies", companies(50)));

        assertThat(answer.status()).isEqualTo(201);
        assertThat(answer.json().get("created").asInt()).isEqualTo(50);
        assertThat(list("").get("total").asInt()).isEqualTo(50);
    }

    @Test
    void moreThanFiftyCompaniesInOneBulkAreTooMany() {
        Answer answer = post(BULK, Map.of("companies", companies(51)));

        assertThat(answer.status()).isEqualTo(422);
        assertThat(answer.locs()).containsExactly(List.of("body", "companies"));
        assertThat(answer.json().at("/detail/0/type").asString()).isEqualTo("too_long");
        assertThat(list("").get("total").asInt()).isZero();
    }

    @Test
    void everyFaultyElementOfABulkIsReportedByIndexAndNothingIsCreated() {
        List<Map<String, Object>> companies = companies(5);
        companies.get(1).put("company_status", "bankrupt");
        companies.get(4).remove("company_name");

        Answer answer = post(BULK, Map.of("companies", companies));

        assertThat(answer.status()).isEqualTo(422);
        assertThat(answer.locs()).containsExactlyInAnyOrder(
                List.of("body", "companies", 1, "company_status"),
                List.of("body", "companies", 4, "company_name"));
        assertThat(list("").get("total").asInt()).isZero();
    }

    @Test
    void aBulkWithoutItsListIsRefused() {
        Answer missing = post(BULK, Map.of());
        Answer empty = post(BULK, Map.of("companies", List.of()));

        assertThat(missing.status()).isEqualTo(422);
        assertThat(missing.locs()).containsExactly(List.of("body", "companies"));
        assertThat(missing.json().at("/detail/0/type").asString()).isEqualTo("missing");
        assertThat(empty.status()).isEqualTo(422);
        assertThat(empty.locs()).containsExactly(List.of("body", "companies"));
    }

    // ---- helpers ----

    private void createThree() {
        Map<String, Object> engines = company("Analytical Engines", "hello@engines.test");
        engines.put("industry", "Computing");
        Map<String, Object> babbage = company("Babbage Brothers", "info@babbage.test");
        babbage.put("company_status", "churned");
        babbage.put("industry", "Textiles");
        Map<String, Object> countess = company("Countess Consulting", "ada@lovelace.test");
        countess.put("company_status", "active");
        countess.put("industry", "Computing");
        countess.put("website", "https://www.countess.example");
        for (Map<String, Object> company : List.of(engines, babbage, countess)) {
            assertThat(post(COMPANIES, company).status()).isEqualTo(201);
        }
    }

    private static List<Map<String, Object>> companies(int count) {
        List<Map<String, Object>> companies = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            companies.add(company("Company " + i, "company" + i + "@example.com"));
        }
        return companies;
    }

    private static Map<String, Object> company(String name, String email) {
        Map<String, Object> company = new LinkedHashMap<>();
        company.put("company_name", name);
        company.put("company_email", email);
        return company;
    }

    private static List<String> names(JsonNode page) {
        return page.get("data").valueStream().map(company -> company.get("company_name").asString()).toList();
    }

    private JsonNode list(String query) {
        Answer answer = get(COMPANIES + query);
        assertThat(answer.status()).as(answer.body()).isEqualTo(200);
        return answer.json();
    }

    private Answer post(String path, Object body) {
        return suite.post(path, Json.write(body), "x-api-key", org.apiKey());
    }

    private Answer get(String path) {
        return suite.get(path, "x-api-key", org.apiKey());
    }
}
