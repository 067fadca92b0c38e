package io.engagement.customer.activity;

import io.engagement.platform.auth.InternalToken;
import io.engagement.platform.auth.KeyKind;
import io.engagement.platform.auth.OrgContext;
import io.engagement.platform.event.EventEnvelope;
import io.engagement.platform.event.SessionSummarized;
import io.engagement.platform.event.Topics;
import io.engagement.testkit.DeadLetters;
import io.engagement.testkit.Infrastructure;
import io.engagement.testkit.SharedInfrastructure;
import io.engagement.testkit.WithInfrastructure;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.bson.Document;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.core.env.Environment;
import org.springframework.data.mongodb.core.ReactiveMongoTemplate;
import org.springframework.data.mongodb.core.query.Criteria;
import org.springframework.data.mongodb.core.query.Query;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The whole service against the real broker and database: session summaries published on
 * {@code engagement.session.v1} become customers' latest sessions. Everything of a test goes to one
 * partition, so a summary published last (the marker) is consumed after everything before it.
 */
@WithInfrastructure
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class CustomerActivityIT {

    private static final String SECRET = UUID.randomUUID() + "-" + UUID.randomUUID();
    private static final Duration WITHIN = Duration.ofSeconds(30);
    private static final Instant START = Instant.now().minus(Duration.ofHours(2)).truncatedTo(ChronoUnit.MILLIS);

    private final long organizationId = ThreadLocalRandom.current().nextLong(1_000_000, 2_000_000);
    private final HttpClient http = HttpClient.newHttpClient();

    @Autowired
    private ReactiveMongoTemplate mongo;
    @Autowired
    private KafkaTemplate<String, String> kafka;
    @Autowired
    private ObjectMapper json;
    @Autowired
    private InternalToken tokens;
    @Autowired
    private Environment environment;
    @Autowired
    private ActivityStore store;
    @Autowired
    private LatestSessions sessions;

    @DynamicPropertySource
    static void infrastructure(DynamicPropertyRegistry properties) {
        Infrastructure infrastructure = SharedInfrastructure.get();
        SharedInfrastructure.createTopics(Map.of(Topics.SESSION, Topics.ALL.get(Topics.SESSION), Topics.CUSTOMER,
                Topics.ALL.get(Topics.CUSTOMER)), Set.of(Topics.SESSION));
        properties.add("spring.kafka.bootstrap-servers", infrastructure::kafkaBootstrapServers);
        properties.add("spring.mongodb.uri", infrastructure::mongoUri);
        properties.add("spring.mongodb.database", () -> "customer_activity_" + UUID.randomUUID().toString().replace("-", ""));
        properties.add("engagement.internal-token.secret", () -> SECRET);
    }

    @Test
    void aCustomersLatestSessionIsTheNewestSummaryWhateverTheOrderAndRedelivery() {
        JsonNode ada = create("Ada Lovelace", "ada@example.com");
        JsonNode grace = create("Grace Hopper", "grace@example.com");
        String adaId = ada.get("customer_id").asString();
        publish(summary("s-1", adaId, null, 20, 5, "/billing"));
        awaitEventCount(adaId, 5);

        publish(summary("s-1", adaId, null, 10, 3, "/home"));
        publish(summary("s-1", adaId, null, 20, 5, "/billing"));
        publish(summary("s-0", adaId, null, 15, 9, "/older-session"));
        publish(summary("s-9", grace.get("customer_id").asString(), null, 1, 1, "/marker"));
        awaitEventCount(grace.get("customer_id").asString(), 1);

        JsonNode kept = get("/external/v1/customers/" + adaId);
        assertThat(kept.get("last_session_id").asString()).isEqualTo("s-1");
        assertThat(kept.get("last_session_node").asString()).isEqualTo("/billing");
        assertThat(Instant.parse(kept.get("last_session_node_at").asString())).isEqualTo(START.plus(Duration.ofMinutes(20)));
        assertThat(kept.get("last_session_channel").asString()).isEqualTo("web");
        assertThat(kept.get("activity_segment").asString()).isEqualTo("active");
        assertThat(stored(adaId).getDate("last_seen_at").toInstant()).isEqualTo(START.plus(Duration.ofMinutes(20)));
    }

    @Test
    void aSessionSeenLaterReplacesTheLatestAndALaterSummaryOfItMovesItsNode() {
        String adaId = create("Ada Lovelace", "ada@example.com").get("customer_id").asString();
        publish(summary("s-1", adaId, null, 10, 4, "/home"));
        awaitEventCount(adaId, 4);

        publish(summary("s-2", adaId, null, 30, 2, "/pricing"));
        awaitEventCount(adaId, 2);
        publish(summary("s-2", adaId, null, 35, 3, "/checkout"));
        awaitEventCount(adaId, 3);

        JsonNode kept = get("/external/v1/customers/" + adaId);
        assertThat(kept.get("last_session_id").asString()).isEqualTo("s-2");
        assertThat(kept.get("last_session_node").asString()).isEqualTo("/checkout");
    }

    @Test
    void anIdentifiedEmailFindsItsCustomerWhateverItsCase() {
        String adaId = create("Ada Lovelace", "Ada@Example.com").get("customer_id").asString();

        publish(summary("s-1", null, " ADA@example.COM", 10, 2, "/welcome"));

        awaitEventCount(adaId, 2);
        JsonNode byEmail = get("/external/v1/customers/by-email/ada%40example.com");
        assertThat(byEmail.get("last_session_id").asString()).isEqualTo("s-1");
        assertThat(byEmail.get("last_session_node").asString()).isEqualTo("/welcome");
    }

    @Test
    void aSummaryForACustomerNotCreatedYetIsKeptAndAppliedWhenTheyAre() {
        publish(summary("s-early", null, "later@example.com", 5, 2, "/first"));
        publish(summary("s-early", null, "later@example.com", 8, 4, "/signup"));
        publish(summary("s-early", null, "later@example.com", 5, 2, "/first"));
        String parked = SessionOwner.byEmailKey(organizationId, "later@example.com");
        await().atMost(WITHIN).until(() -> parkedEventCount(parked) == 4);

        JsonNode created = create("Late Comer", "later@example.com");

        assertThat(created.get("activity_segment").asString()).isEqualTo("active");
        JsonNode fetched = get("/external/v1/customers/" + created.get("customer_id").asString());
        assertThat(fetched.get("last_session_id").asString()).isEqualTo("s-early");
        assertThat(fetched.get("last_session_node").asString()).isEqualTo("/signup");
        assertThat(fetched.get("activity_segment").asString()).isEqualTo("active");
        assertThat(mongo.findById(parked, Document.class, ActivityStore.PARKED).blockOptional()).isEmpty();
    }

    @Test
    void aWriteThatLostARaceIsDecidedAgainOnWhatTheWinnerWrote() {
        JsonNode ada = create("Ada Lovelace", "ada@example.com");
        String adaId = ada.get("customer_id").asString();
        long id = ada.get("id").asLong();
        publish(summary("s-2", adaId, null, 30, 6, "/won"));
        awaitEventCount(adaId, 6);
        String parked = SessionOwner.byEmailKey(organizationId, "ada@example.com");

        // a take-over assumes the customer was just created (revision 0); the consumer got there first
        store.park(parked, organizationId, LatestSession.of(summary("s-1", null, "ada@example.com", 10, 2, "/older"))).block();
        sessions.takeOverParked(Map.of(parked, id)).block();
        assertThat(stored(adaId).getString("session_id")).isEqualTo("s-2");

        store.park(parked, organizationId, LatestSession.of(summary("s-3", null, "ada@example.com", 40, 1, "/newer"))).block();
        sessions.takeOverParked(Map.of(parked, id)).block();
        assertThat(stored(adaId).getString("session_id")).isEqualTo("s-3");
        assertThat(stored(adaId).getString("node")).isEqualTo("/newer");
        assertThat(mongo.findById(parked, Document.class, ActivityStore.PARKED).blockOptional()).isEmpty();
    }

    @Test
    void aCustomerStoredBeforeActivityWasTrackedGetsItsFirstSessionToo() {
        String customerId = UUID.randomUUID().toString();
        mongo.insert(new Document("_id", ThreadLocalRandom.current().nextLong(1L << 40, 1L << 50))
                .append("organization_id", organizationId)
                .append("customer_id", customerId)
                .append("name", "Old Timer")
                .append("email", "old@example.com")
                .append("email_key", "old@example.com")
                .append("source", "api"), ActivityStore.CUSTOMERS).block();

        publish(summary("s-1", customerId, null, 10, 3, "/back"));

        awaitEventCount(customerId, 3);
        assertThat(get("/external/v1/customers/" + customerId).get("last_session_node").asString()).isEqualTo("/back");
    }

    @Test
    void unreadableRecordsGoToTheDeadLettersWithTheirOriginAndTheSummariesAroundThemAreKept() {
        String adaId = create("Ada Lovelace", "ada@example.com").get("customer_id").asString();
        String graceId = create("Grace Hopper", "grace@example.com").get("customer_id").asString();
        String poison = "{not json " + UUID.randomUUID();
        String incomplete = "{\"type\":\"session.summarized\",\"org_id\":" + organizationId
                + ",\"data\":{\"customer_id\":\"" + adaId + "\"}}";

        publish(summary("s-0", graceId, null, 5, 7, "/before"));
        long poisonOffset = kafka.send(Topics.SESSION, 0, organizationId + ":s-1", poison).join().getRecordMetadata().offset();
        kafka.send(Topics.SESSION, 0, organizationId + ":s-1", incomplete).join();
        publish(summary("s-1", adaId, null, 10, 2, "/after"));

        awaitEventCount(graceId, 7);
        awaitEventCount(adaId, 2);
        assertThat(get("/external/v1/customers/" + adaId).get("last_session_node").asString()).isEqualTo("/after");
        List<ConsumerRecord<String, String>> deadLetters = DeadLetters.await(Topics.SESSION + ".dlq",
                record -> record.key().equals(organizationId + ":s-1"), 2, WITHIN);
        assertThat(deadLetters).extracting(ConsumerRecord::value).containsExactly(poison, incomplete);
        ConsumerRecord<String, String> first = deadLetters.get(0);
        assertThat(DeadLetters.header(first, "kafka_dlt-original-topic")).isEqualTo(Topics.SESSION);
        assertThat(DeadLetters.longHeader(first, "kafka_dlt-original-offset")).isEqualTo(poisonOffset);
        assertThat(DeadLetters.header(first, "kafka_dlt-exception-fqcn")).isNotBlank();
        assertThat(DeadLetters.header(first, "kafka_dlt-exception-message")).contains("unreadable session summary");
    }

    @Test
    void aCustomerNeverSeenHasNoSessionAndIsInactive() {
        String adaId = create("Ada Lovelace", "ada@example.com").get("customer_id").asString();

        JsonNode fetched = get("/external/v1/customers/" + adaId);

        assertThat(fetched.get("last_session_id").isNull()).isTrue();
        assertThat(fetched.get("last_session_node").isNull()).isTrue();
        assertThat(fetched.get("last_session_node_at").isNull()).isTrue();
        assertThat(fetched.get("last_session_channel").isNull()).isTrue();
        assertThat(fetched.get("activity_segment").asString()).isEqualTo("inactive");
    }

    // ---- helpers ----



    private SessionSummarized summary(String sessionId, String customerId, String email, int minutes, long eventCount, String node) {
        Instant at = START.plus(Duration.ofMinutes(minutes));
        return new SessionSummarized(sessionId, customerId, null, email, START, at, "web", node, at,
                eventCount, 0, 0, 0, 0, 0, 50, 0.1, 0, eventCount);
    }

    /** Every record of a test on partition 0, so they are consumed in the order published. */
    private void publish(SessionSummarized summary) {
        EventEnvelope<SessionSummarized> envelope = EventEnvelope.of(UUID.randomUUID(), organizationId, summary.lastSeenAt(), summary);
        kafka.send(Topics.SESSION, 0, EventEnvelope.key(organizationId, summary.sessionId()), json.writeValueAsString(envelope))
                .join();
    }

    private void awaitEventCount(String customerId, long eventCount) {
        await().atMost(WITHIN).until(() -> {
            Document session = stored(customerId);
            return session != null && ((Number) session.get("event_count")).longValue() == eventCount;
        });
    }

    private Document stored(String customerId) {
        Document customer = mongo.findOne(Query.query(Criteria.where("organization_id").is(organizationId)
                .and("customer_id").is(customerId)), Document.class, ActivityStore.CUSTOMERS).block();
        return customer == null ? null : customer.get(LatestSession.FIELD, Document.class);
    }

    private long parkedEventCount(String key) {
        Document parked = mongo.findById(key, Document.class, ActivityStore.PARKED).block();
        return parked == null ? -1 : ((Number) parked.get(LatestSession.FIELD, Document.class).get("event_count")).longValue();
    }

    private JsonNode create(String name, String email) {
        HttpResponse<String> answer = send(HttpRequest.newBuilder(uri("/external/v1/customers"))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(json.writeValueAsString(Map.of("name", name, "email", email, "source", "api")))));
        assertThat(answer.statusCode()).as(answer.body()).isEqualTo(201);
        return json.readTree(answer.body());
    }

    private JsonNode get(String path) {
        HttpResponse<String> answer = send(HttpRequest.newBuilder(uri(path)).GET());
        assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
        return json.readTree(answer.body());
    }

    private HttpResponse<String> send(HttpRequest.Builder request) {
        try {
            return http.send(request.header(InternalToken.HEADER, tokens.mint(new OrgContext(organizationId, KeyKind.DATA)))
                    .timeout(WITHIN).build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new IllegalStateException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private URI uri(String path) {
        return URI.create("http://127.0.0.1:" + environment.getProperty("local.server.port") + path);
    }
}
