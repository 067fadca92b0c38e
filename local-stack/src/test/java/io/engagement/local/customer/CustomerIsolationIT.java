package io.engagement.local.customer;

import io.engagement.local.support.Answer;
import io.engagement.local.support.Json;
import io.engagement.local.support.RunningSuite;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * One organization's customers, companies and metrics, read with another organization's key:
 * always a 404 or an empty list, never the owner's data.
 */
class CustomerIsolationIT {

    private static final String CUSTOMERS = "/external/v1/customers";
    private static final String CREATE = "/external/v1/external/v1/customers";
    private static final String COMPANIES = "/external/v1/external/v1/customers/companies";
    private static final String METRICS = "/external/v1/external/v1/customers/metrics";

    private final RunningSuite suite = RunningSuite.get();
    private final RunningSuite.Organization owner = suite.createOrganization("Isolation owner " + UUID.randomUUID());
    private final RunningSuite.Organization stranger = suite.createOrganization("Isolation stranger " + UUID.randomUUID());

    private JsonNode company;
    private JsonNode customer;
    private JsonNode metric;

    @BeforeEach
    void ownerHasACompanyACustomerAndAMetricValue() {
        company = created(COMPANIES, Map.of("company_name", "Secret Works", "company_email", "secret@works.test",
                "industry", "Secrets", "website", "https://secret.works.test"));
        customer = created(CREATE, Map.of("name", "Secret Person", "email", "secret.person@works.test", "source", "api",
                "company_id", company.get("company_id").asString()));
        metric = created(METRICS, Map.of("name", "Secret revenue", "data_type", "NUMBER"));
        created(COMPANIES + "/" + company.get("company_id").asString() + "/metrics", Map.of(
                "metric_id", metric.get("metric_id").asString(), "company_id", company.get("company_id").asString(), "value", "42"));
    }

    @Test
    void theCustomerListOfAnotherOrganizationIsEmptyWhateverTheFilter() {
        for (String query : List.of("", "?search=secret", "?source=api", "?company_id=" + company.get("company_id").asString(),
                "?is_active=true&page_size=100")) {
            Answer answer = asStranger(CUSTOMERS + query);

            assertThat(answer.status()).as(query).isEqualTo(200);
            assertThat(answer.json().get("total").asInt()).as(query).isZero();
            assertThat(answer.json().get("data").size()).as(query).isZero();
        }
        assertThat(asStranger("/external/v1/external/v1/customers").json().get("total").asInt()).isZero();
    }

    @Test
    void anotherOrganizationsCustomerIsNotFoundByIdOrEmail() {
        Answer byId = asStranger(CUSTOMERS + "/" + customer.get("customer_id").asString());
        Answer byEmail = asStranger(CUSTOMERS + "/by-email/secret.person%40works.test");

        assertThat(byId.status()).isEqualTo(404);
        assertThat(byId.body()).isEqualTo("{\"detail\":\"Customer not found\"}");
        assertThat(byEmail.status()).isEqualTo(404);
        assertThat(byEmail.body()).isEqualTo("{\"detail\":\"Customer not found\"}");
    }

    @Test
    void theCompanyListOfAnotherOrganizationIsEmptyWhateverTheFilter() {
        for (String query : List.of("", "?search=secret", "?status=lead", "?industry=Secrets", "?page_size=100")) {
            Answer answer = asStranger(COMPANIES + query);

            assertThat(answer.status()).as(query).isEqualTo(200);
            assertThat(answer.json().get("total").asInt()).as(query).isZero();
            assertThat(answer.body()).as(query).doesNotContain("Secret Works");
        }
    }

    @Test
    void anotherOrganizationsCompanyMetricsAreNotFound() {
        Answer read = asStranger(COMPANIES + "/" + company.get("company_id").asString() + "/metrics");

        assertThat(read.status()).isEqualTo(404);
        assertThat(read.body()).isEqualTo("{\"detail\":\"Company not found\"}");
    }

    @Test
    void anotherOrganizationCannotSetAValueOnTheCompanyNorUseTheMetric() {
        String companyId = company.get("company_id").asString();
        Answer onTheirCompany = suite.post(COMPANIES + "/" + companyId + "/metrics",
                Json.write(Map.of("metric_id", metric.get("metric_id").asString(), "company_id", companyId, "value", "0")),
                "x-api-key", stranger.apiKey());
        String ownCompany = suite.post(COMPANIES, Json.write(Map.of("company_name", "Own", "company_email", "own@own.test")),
                "x-api-key", stranger.apiKey()).json().get("company_id").asString();
        Answer theirMetric = suite.post(COMPANIES + "/" + ownCompany + "/metrics",
                Json.write(Map.of("metric_id", metric.get("metric_id").asString(), "company_id", ownCompany, "value", "0")),
                "x-api-key", stranger.apiKey());

        assertThat(onTheirCompany.status()).isEqualTo(404);
        assertThat(onTheirCompany.detail()).isEqualTo("Company not found");
        assertThat(theirMetric.status()).isEqualTo(422);
        assertThat(theirMetric.locs()).containsExactly(List.of("body", "metric_id"));
        JsonNode ownerValues = suite.get(COMPANIES + "/" + companyId + "/metrics", "x-api-key", owner.apiKey()).json();
        assertThat(ownerValues.size()).isEqualTo(1);
        assertThat(ownerValues.get(0).get("value").asString()).isEqualTo("42");
    }

    @Test
    void anotherOrganizationCannotAttachCustomersToTheCompany() {
        Answer answer = suite.post(CREATE, Json.write(Map.of("name", "Intruder", "email", "intruder@example.com", "source", "api",
                "company_id", company.get("company_id").asString())), "x-api-key", stranger.apiKey());

        assertThat(answer.status()).isEqualTo(422);
        assertThat(answer.locs()).containsExactly(List.of("body", "company_id"));
    }

    @Test
    void theOwnerStillSeesEverything() {
        assertThat(suite.get(CUSTOMERS + "/" + customer.get("customer_id").asString(), "x-api-key", owner.apiKey()).status())
                .isEqualTo(200);
        assertThat(suite.get(CUSTOMERS, "x-api-key", owner.apiKey()).json().get("total").asInt()).isEqualTo(1);
        assertThat(suite.get(COMPANIES, "x-api-key", owner.apiKey()).json().at("/data/0/company_name").asString())
                .isEqualTo("Secret Works");
    }

    private Answer asStranger(String path) {
        return suite.get(path, "x-api-key", stranger.apiKey());
    }

    private JsonNode created(String path, Object body) {
        Answer answer = suite.post(path, Json.write(body), "x-api-key", owner.apiKey());
        assertThat(answer.status()).as(answer.body()).isEqualTo(201);
        return answer.json();
    }
}
