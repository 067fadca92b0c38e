package io.engagement.local.customer;

import io.engagement.local.support.Answer;
import io.engagement.local.support.Json;
import io.engagement.local.support.RunningSuite;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Filters;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.bson.Document;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.UUID;
import java.util.function.Predicate;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * What customer-service publishes on {@code engagement.customer.v1}, read from the real broker by a
 * consumer of its own.
 */
class CustomerEventsIT {

    private static final String TOPIC = "engagement.customer.v1";
    private static final String CUSTOMERS = "/external/v1/external/v1/customers";
    private static final String COMPANIES = "/external/v1/external/v1/customers/companies";
    private static final String METRICS = "/external/v1/external/v1/customers/metrics";
    private static final String UUID_PATTERN = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";

    private static RunningSuite suite;
    private static KafkaConsumer<String, String> consumer;
    private static final List<ConsumerRecord<String, String>> received = new ArrayList<>();

    private final RunningSuite.Organization org = RunningSuite.get().createOrganization("Events " + UUID.randomUUID());

    @BeforeAll
    static void subscribe() {
        suite = RunningSuite.get();
        Properties config = new Properties();
        config.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, suite.infrastructure.kafkaBootstrapServers());
        config.put(ConsumerConfig.GROUP_ID_CONFIG, "customer-events-it-" + UUID.randomUUID());
        config.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        config.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        config.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        config.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        consumer = new KafkaConsumer<>(config);
        consumer.subscribe(List.of(TOPIC));
    }

    @AfterAll
    static void close() {
        consumer.close(Duration.ofSeconds(5));
    }

    @Test
    void aCreatedCompanyIsPublishedKeyedByOrganizationAndPublicId() {
        JsonNode company = created(COMPANIES, Map.of("company_name", "Analytical Engines", "company_email", "hello@engines.test"));

        JsonNode event = awaitEvent("company.created", company.get("company_id").asString());

        assertEnvelope(event, "company.created");
        assertThat(event.at("/data/company_id").asString()).isEqualTo(company.get("company_id").asString());
        assertThat(event.at("/data/company_name").asString()).isEqualTo("Analytical Engines");
        assertThat(event.get("data")).isEqualTo(company);
    }

    @Test
    void aCreatedCustomerIsPublishedKeyedByOrganizationAndPublicId() {
        JsonNode company = created(COMPANIES, Map.of("company_name", "Analytical Engines", "company_email", "hello@engines.test"));
        JsonNode customer = created(CUSTOMERS, Map.of("name", "Ada Lovelace", "email", "ada@example.com", "source", "api",
                "company_id", company.get("company_id").asString()));

        JsonNode event = awaitEvent("customer.created", customer.get("customer_id").asString());

        assertEnvelope(event, "customer.created");
        assertThat(event.at("/data/customer_id").asString()).isEqualTo(customer.get("customer_id").asString());
        assertThat(event.at("/data/email").asString()).isEqualTo("ada@example.com");
        assertThat(event.at("/data/company_id").asLong()).isEqualTo(company.get("id").asLong());
        assertThat(event.get("data")).isEqualTo(withoutSegment(customer));
        // the segment is computed when a customer is read, so it is no part of the event
        assertThat(customer.get("activity_segment").asString()).isEqualTo("inactive");
        assertThat(event.get("data").has("activity_segment")).isFalse();
    }

    @Test
    void everyCustomerOfABulkIsPublishedOnItsOwn() {
        JsonNode bulk = created(CUSTOMERS + "/bulk", Map.of("customers", List.of(
                Map.of("name", "One", "email", "one@example.com", "source", "api"),
                Map.of("name", "Two", "email", "two@example.com", "source", "web"),
                Map.of("name", "Three", "email", "three@example.com", "source", "whatsapp"))));

        for (JsonNode customer : bulk.get("customers").valueStream().toList()) {
            JsonNode event = awaitEvent("customer.created", customer.get("customer_id").asString());

            assertEnvelope(event, "customer.created");
            assertThat(event.at("/data/email").asString()).isEqualTo(customer.get("email").asString());
            assertThat(event.get("data")).isEqualTo(withoutSegment(customer));
        }
        assertThat(eventsOfOrganization().stream().filter(event -> event.get("type").asString().equals("customer.created")))
                .hasSize(3);
    }

    @Test
    void aFullBulkIsPublishedOneEventPerCustomerAndLeavesNoMarkPending() {
        List<Map<String, String>> hundred = IntStream.range(0, 100)
                .mapToObj(i -> Map.of("name", "Customer " + i, "email", "bulk-" + i + "@example.com", "source", "api")).toList();
        JsonNode bulk = created(CUSTOMERS + "/bulk", Map.of("customers", hundred));
        List<String> ids = bulk.get("customers").valueStream().map(customer -> customer.get("customer_id").asString()).toList();

        await().atMost(Duration.ofSeconds(30)).pollInSameThread().pollInterval(Duration.ZERO).untilAsserted(() -> {
            pollOnce();
            assertThat(eventsOfOrganization().stream().map(event -> event.at("/data/customer_id").asString())).hasSameElementsAs(ids);
        });
        assertThat(eventsOfOrganization()).hasSize(100);
        // a mark left on a customer would be published again by the next sweep
        try (MongoClient mongo = MongoClients.create(suite.infrastructure.mongoUri())) {
            MongoCollection<Document> customers = mongo.getDatabase("engagement_customer").getCollection("customers");
            await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertThat(customers.countDocuments(
                    Filters.and(Filters.eq("organization_id", org.id()), Filters.exists("pending_event")))).isZero());
            assertThat(customers.countDocuments(Filters.eq("organization_id", org.id()))).isEqualTo(100);
        }
    }

    @Test
    void aDefinedMetricIsPublishedKeyedByOrganizationAndMetricId() {
        JsonNode metric = created(METRICS, Map.of("name", "Monthly revenue", "data_type", "NUMBER"));

        JsonNode event = awaitEvent("metric.defined", metric.get("metric_id").asString());

        assertEnvelope(event, "metric.defined");
        assertThat(event.at("/data/metric_id").asString()).isEqualTo(metric.get("metric_id").asString());
        assertThat(event.at("/data/name").asString()).isEqualTo("Monthly revenue");
        assertThat(event.get("data")).isEqualTo(metric);
    }

    @Test
    void aSetMetricValueIsPublishedKeyedByOrganizationAndCompany() {
        JsonNode company = created(COMPANIES, Map.of("company_name", "Analytical Engines", "company_email", "hello@engines.test"));
        JsonNode metric = created(METRICS, Map.of("name", "Monthly revenue", "data_type", "NUMBER"));
        String companyId = company.get("company_id").asString();

        JsonNode value = created(COMPANIES + "/" + companyId + "/metrics",
                Map.of("metric_id", metric.get("metric_id").asString(), "company_id", companyId, "value", "12.5"));

        JsonNode event = awaitEvent("company_metric.set", companyId);
        assertEnvelope(event, "company_metric.set");
        assertThat(event.at("/data/id").asLong()).isEqualTo(value.get("id").asLong());
        assertThat(event.at("/data/company_id").asLong()).isEqualTo(company.get("id").asLong());
        assertThat(event.at("/data/metric_id").asLong()).isEqualTo(metric.get("id").asLong());
        assertThat(event.at("/data/value").asString()).isEqualTo("12.5");
        assertThat(event.get("data")).isEqualTo(value);
    }

    @Test
    void updatingAMetricValuePublishesTheNewValue() {
        JsonNode company = created(COMPANIES, Map.of("company_name", "Analytical Engines", "company_email", "hello@engines.test"));
        JsonNode metric = created(METRICS, Map.of("name", "Seats", "data_type", "NUMBER"));
        String companyId = company.get("company_id").asString();
        created(COMPANIES + "/" + companyId + "/metrics",
                Map.of("metric_id", metric.get("metric_id").asString(), "company_id", companyId, "value", "10"));

        JsonNode updated = created(COMPANIES + "/" + companyId + "/metrics",
                Map.of("metric_id", metric.get("metric_id").asString(), "company_id", companyId, "value", "11"));

        await().atMost(Duration.ofSeconds(30)).pollInSameThread().pollInterval(Duration.ZERO).untilAsserted(() -> {
            pollOnce();
            assertThat(eventsKeyed("company_metric.set", companyId).stream().map(event -> event.at("/data/value").asString()))
                    .containsExactly("10", "11");
        });
        List<JsonNode> events = eventsKeyed("company_metric.set", companyId);
        assertThat(events.get(1).get("data")).isEqualTo(updated);
        assertThat(events.get(0).get("id").asString()).isNotEqualTo(events.get(1).get("id").asString());
    }

    @Test
    void aRefusedRequestPublishesNothing() {
        Answer refused = suite.post(CUSTOMERS + "/bulk", Json.write(Map.of("customers", List.of(
                Map.of("name", "One", "email", "one@example.com", "source", "api"),
                Map.of("name", "Bad", "email", "not-an-email", "source", "api")))), "x-api-key", org.apiKey());
        assertThat(refused.status()).isEqualTo(422);
        JsonNode marker = created(COMPANIES, Map.of("company_name", "Marker", "company_email", "marker@example.com"));

        // the marker's event comes after anything the refused request might have published
        awaitEvent("company.created", marker.get("company_id").asString());

        assertThat(eventsOfOrganization().stream().map(event -> event.get("type").asString())).containsExactly("company.created");
    }

    // ---- helpers ----

    private JsonNode created(String path, Object body) {
        Answer answer = suite.post(path, Json.write(body), "x-api-key", org.apiKey());
        assertThat(answer.status()).as(answer.body()).isEqualTo(201);
        return answer.json();
    }

    private JsonNode awaitEvent(String type, String entityId) {
        await().atMost(Duration.ofSeconds(30)).pollInSameThread().pollInterval(Duration.ZERO).untilAsserted(() -> {
            pollOnce();
            assertThat(eventsKeyed(type, entityId)).as("%s event keyed %s:%s", type, org.id(), entityId).isNotEmpty();
        });
        List<JsonNode> events = eventsKeyed(type, entityId);
        assertThat(events).hasSize(1);
        return events.get(0);
    }

    private static void pollOnce() {
        consumer.poll(Duration.ofMillis(500)).forEach(received::add);
    }

    private List<JsonNode> eventsKeyed(String type, String entityId) {
        String key = org.id() + ":" + entityId;
        return received.stream()
                .filter(record -> key.equals(record.key()))
                .map(record -> Json.read(record.value()))
                .filter(event -> type.equals(event.get("type").asString()))
                .filter(distinctIds())
                .toList();
    }

    private List<JsonNode> eventsOfOrganization() {
        String prefix = org.id() + ":";
        return received.stream()
                .filter(record -> record.key() != null && record.key().startsWith(prefix))
                .map(record -> Json.read(record.value()))
                .filter(distinctIds())
                .toList();
    }

    /** Delivery is at least once: a retried publish repeats an event with the same id. */
    private static Predicate<JsonNode> distinctIds() {
        Set<String> seen = new HashSet<>();
        return event -> seen.add(event.get("id").asString());
    }

    private void assertEnvelope(JsonNode event, String type) {
        assertThat(event.get("id").asString()).matches(UUID_PATTERN);
        assertThat(event.get("type").asString()).isEqualTo(type);
        assertThat(event.get("schema_version").asInt()).isEqualTo(1);
        assertThat(event.get("org_id").asLong()).isEqualTo(org.id());
        Instant occurredAt = Instant.parse(event.get("occurred_at").asString());
        assertThat(occurredAt).isBetween(Instant.now().minusSeconds(120), Instant.now().plusSeconds(5));
        assertThat(event.get("data").isObject()).isTrue();
    }

    /** A customer object as the create answered it, without the segment only reads compute. */
    private static JsonNode withoutSegment(JsonNode customer) {
        ObjectNode copy = ((ObjectNode) customer).deepCopy();
        copy.remove("activity_segment");
        return copy;
    }
}
