package io.engagement.local.customer;

import io.engagement.local.support.Answer;
import io.engagement.local.support.Json;
import io.engagement.local.support.RunningSuite;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The {@code Idempotency-Key} header on every POST of the data API, with the semantics of the
 * messaging sends: the same key and body replay the first answer and create nothing more, another
 * body is refused, and one organization's keys mean nothing to another.
 */
class IdempotentDataPostIT {

    private static final String CUSTOMERS = "/external/v1/customers";
    private static final String COMPANIES = "/external/v1/customers/companies";
    private static final String METRICS = "/external/v1/customers/metrics";
    private static final String COLLECTIONS = "/external/v1/page-collections";

    private final RunningSuite suite = RunningSuite.get();
    private final RunningSuite.Organization org = suite.createOrganization("Idempotent data " + UUID.randomUUID());
    private final RunningSuite.Organization other = suite.createOrganization("Idempotent data elsewhere " + UUID.randomUUID());

    @Test
    void aCustomerIsCreatedOnceAndItsAnswerReplayed() {
        JsonNode created = postedTwiceWithOneKey(CUSTOMERS, customer("Ada", "ada@example.com"), 201);

        assertThat(total(CUSTOMERS)).isEqualTo(1);
        assertThat(created.get("email").asString()).isEqualTo("ada@example.com");
    }

    @Test
    void aBulkOfCustomersIsCreatedOnce() {
        postedTwiceWithOneKey(CUSTOMERS + "/bulk",
                Map.of("customers", List.of(customer("Ada", "ada@example.com"), customer("Grace", "grace@example.com"))), 201);

        assertThat(total(CUSTOMERS)).isEqualTo(2);
    }

    @Test
    void aCompanyAndABulkOfCompaniesAreCreatedOnce() {
        postedTwiceWithOneKey(COMPANIES, company("Engines"), 201);
        postedTwiceWithOneKey(COMPANIES + "/bulk", Map.of("companies", List.of(company("Looms"), company("Mills"))), 201);

        assertThat(total(COMPANIES)).isEqualTo(3);
    }

    @Test
    void aMetricIsDefinedOnceAndItsValueSetOnce() {
        // without the key, the second definition of one name would be a 409
        JsonNode metric = postedTwiceWithOneKey(METRICS, Map.of("name", "Seats", "data_type", "NUMBER"), 201);
        String companyId = post(COMPANIES, company("Engines")).json().get("company_id").asString();
        String values = COMPANIES + "/" + companyId + "/metrics";

        JsonNode value = postedTwiceWithOneKey(values,
                Map.of("metric_id", metric.get("metric_id").asString(), "company_id", companyId, "value", "12"), 201);

        assertThat(value.get("value").asString()).isEqualTo("12");
        assertThat(suite.get(values, "x-api-key", org.apiKey()).json().size()).isEqualTo(1);
    }

    @Test
    void aPageCollectionIsCreatedOnceAndItsPagesMappedOnce() {
        JsonNode collection = postedTwiceWithOneKey(COLLECTIONS, Map.of("name", "Everything", "url_patterns", List.of("/")), 200);

        assertThat(suite.get(COLLECTIONS, "x-api-key", org.apiKey()).json().get("collections").size()).isEqualTo(1);
        postedTwiceWithOneKey(COLLECTIONS + "/" + collection.get("collection_id").asString() + "/map-pages",
                Map.of("url_patterns", List.of("/billing")), 200);
    }

    @Test
    void theSameKeyWithAnotherBodyIsRefusedAndCreatesNothing() {
        String key = UUID.randomUUID().toString();
        post(CUSTOMERS, customer("Ada", "ada@example.com"), key);

        Answer reused = post(CUSTOMERS, customer("Grace", "grace@example.com"), key);

        assertThat(reused.status()).isEqualTo(422);
        assertThat(reused.locs()).containsExactly(List.of("header", "Idempotency-Key"));
        assertThat(reused.json().get("detail").get(0).get("type").asString()).isEqualTo("idempotency_key_reused");
        assertThat(total(CUSTOMERS)).isEqualTo(1);
    }

    @Test
    void aRefusedRequestLeavesItsKeyFreeForTheRetry() {
        String key = UUID.randomUUID().toString();

        Answer refused = post(CUSTOMERS, Map.of("name", "Ada"), key);
        Answer retried = post(CUSTOMERS, customer("Ada", "ada@example.com"), key);

        assertThat(refused.status()).isEqualTo(422);
        assertThat(retried.status()).isEqualTo(201);
        assertThat(retried.header("Idempotent-Replay")).isNull();
    }

    @Test
    void oneOrganizationsKeyIsUnknownToAnother() {
        String key = UUID.randomUUID().toString();
        Answer ours = post(COMPANIES, company("Engines"), key);

        Answer theirs = suite.post(COMPANIES, Json.write(company("Engines")), "x-api-key", other.apiKey(), "Idempotency-Key", key);

        assertThat(theirs.status()).isEqualTo(201);
        assertThat(theirs.header("Idempotent-Replay")).isNull();
        assertThat(theirs.json().get("company_id").asString()).isNotEqualTo(ours.json().get("company_id").asString());
        assertThat(theirs.json().get("organization_id").asLong()).isEqualTo(other.id());
    }

    /** Posts one body twice with one key: the first answer, and the second is its replay. */
    private JsonNode postedTwiceWithOneKey(String path, Object body, int status) {
        String key = UUID.randomUUID().toString();

        Answer first = post(path, body, key);
        Answer again = post(path, body, key);

        assertThat(first.status()).as(first.body()).isEqualTo(status);
        assertThat(first.header("Idempotent-Replay")).isNull();
        assertThat(again.status()).as(again.body()).isEqualTo(status);
        assertThat(again.header("Idempotent-Replay")).isEqualTo("true");
        assertThat(again.json()).isEqualTo(first.json());
        return first.json();
    }

    private Answer post(String path, Object body, String idempotencyKey) {
        return suite.post(path, Json.write(body), "x-api-key", org.apiKey(), "Idempotency-Key", idempotencyKey);
    }

    private Answer post(String path, Object body) {
        return suite.post(path, Json.write(body), "x-api-key", org.apiKey());
    }

    private long total(String path) {
        return suite.get(path, "x-api-key", org.apiKey()).json().get("total").asLong();
    }

    private static Map<String, Object> customer(String name, String email) {
        return Map.of("name", name, "email", email, "source", "api");
    }

    private static Map<String, Object> company(String name) {
        return Map.of("company_name", name, "company_email", "hello@" + name.toLowerCase() + ".test");
    }
}
