package io.engagement.local.customer;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Filters;
import io.engagement.local.support.Answer;
import io.engagement.local.support.Json;
import io.engagement.local.support.PageAnalytics;
import io.engagement.local.support.RunningSuite;
import io.engagement.local.support.TopicReader;
import io.engagement.platform.event.Topics;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.bson.Document;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Activity segments and customers' latest sessions through the gateway: the thresholds resource,
 * and telemetry posted as a client would, followed until customer-service shows where each
 * customer's latest session was. One fresh organization per test.
 */
class CustomerActivityIT {

    private static final String SETTINGS = "/external/v1/settings/activity-segments";
    private static final String CUSTOMERS = "/external/v1/customers";
    private static final String CREATE = "/external/v1/external/v1/customers";
    private static final Duration FOLLOWED = Duration.ofSeconds(60);
    private static final String DEFAULTS = "{\"active_days\": 7, \"slightly_active_days\": 30, \"dormant_days\": 60}";

    private final RunningSuite suite = RunningSuite.get();
    private final RunningSuite.Organization org = suite.createOrganization("Activity " + UUID.randomUUID());
    private final PageAnalytics site = new PageAnalytics(suite, org);
    private final Instant now = Instant.now().truncatedTo(ChronoUnit.SECONDS);

    // ---- settings ----

    @Test
    void anOrganizationStartsWithTheDefaultThresholds() {
        Answer answer = suite.get(SETTINGS, "x-api-key", org.apiKey());

        assertThat(answer.status()).isEqualTo(200);
        assertThat(answer.json()).isEqualTo(Json.read(DEFAULTS));
    }

    @Test
    void aValidPutReplacesTheThresholdsAndLeavesOtherOrganizationsAlone() {
        RunningSuite.Organization other = suite.createOrganization("Activity other " + UUID.randomUUID());
        String changed = "{\"active_days\": 14, \"slightly_active_days\": 45, \"dormant_days\": 3650}";

        Answer put = put(SETTINGS, changed);

        assertThat(put.status()).isEqualTo(200);
        assertThat(put.json()).isEqualTo(Json.read(changed));
        assertThat(suite.get(SETTINGS, "x-api-key", org.apiKey()).json()).isEqualTo(Json.read(changed));
        assertThat(suite.get(SETTINGS, "x-api-key", other.apiKey()).json()).isEqualTo(Json.read(DEFAULTS));
    }

    @Test
    void eachChangeIsPublishedKeyedByTheOrganization() {
        String changed = "{\"active_days\": 3, \"slightly_active_days\": 10, \"dormant_days\": 20}";
        try (TopicReader customerTopic = new TopicReader(suite.infrastructure.kafkaBootstrapServers(), Topics.CUSTOMER)) {
            assertThat(put(SETTINGS, changed).status()).isEqualTo(200);

            List<ConsumerRecord<String, String>> published = customerTopic.awaitMatching(
                    record -> record.key().equals(org.id() + ":settings-activity-segments"), 1);

            JsonNode event = TopicReader.json(published.get(0));
            assertThat(event.get("type").asString()).isEqualTo("settings.activity_segments.changed");
            assertThat(event.get("org_id").asLong()).isEqualTo(org.id());
            assertThat(event.get("data")).isEqualTo(Json.read(changed));
        }
    }

    @Test
    void aNonIntegerThresholdIsRefusedWithPydanticsIntegerFaults() {
        assertRefused("{\"active_days\": \"seven\", \"slightly_active_days\": 30.5, \"dormant_days\": null}", """
                [{"type": "int_parsing", "loc": ["body", "active_days"],
                  "msg": "Input should be a valid integer, unable to parse string as an integer", "input": "seven"},
                 {"type": "int_from_float", "loc": ["body", "slightly_active_days"],
                  "msg": "Input should be a valid integer, got a number with a fractional part", "input": 30.5},
                 {"type": "int_type", "loc": ["body", "dormant_days"], "msg": "Input should be a valid integer", "input": null}]""");
    }

    @Test
    void aThresholdOfZeroDaysIsRefused() {
        assertRefused("{\"active_days\": 0, \"slightly_active_days\": 30, \"dormant_days\": 60}", """
                [{"type": "greater_than_equal", "loc": ["body", "active_days"],
                  "msg": "Input should be greater than or equal to 1", "input": 0, "ctx": {"ge": 1}}]""");
    }

    @Test
    void aThresholdOverTenYearsIsRefused() {
        assertRefused("{\"active_days\": 7, \"slightly_active_days\": 30, \"dormant_days\": 3651}", """
                [{"type": "less_than_equal", "loc": ["body", "dormant_days"],
                  "msg": "Input should be less than or equal to 3650", "input": 3651, "ctx": {"le": 3650}}]""");
    }

    @Test
    void thresholdsNotStrictlyAscendingAreAValueErrorAtTheLaterField() {
        assertRefused("{\"active_days\": 30, \"slightly_active_days\": 30, \"dormant_days\": 60}", """
                [{"type": "value_error", "loc": ["body", "slightly_active_days"],
                  "msg": "Value error, slightly_active_days must be greater than active_days", "input": 30,
                  "ctx": {"error": "slightly_active_days must be greater than active_days"}}]""");
        assertRefused("{\"active_days\": 7, \"slightly_active_days\": 90, \"dormant_days\": 60}", """
                [{"type": "value_error", "loc": ["body", "dormant_days"],
                  "msg": "Value error, dormant_days must be greater than slightly_active_days", "input": 60,
                  "ctx": {"error": "dormant_days must be greater than slightly_active_days"}}]""");
    }

    @Test
    void aMissingThresholdIsRefusedBecausePutReplacesTheWholeObject() {
        assertRefused("{\"active_days\": 7, \"slightly_active_days\": 30}", """
                [{"type": "missing", "loc": ["body", "dormant_days"], "msg": "Field required",
                  "input": {"active_days": 7, "slightly_active_days": 30}}]""");
    }

    @Test
    void anUnknownFieldIsExtraForbidden() {
        assertRefused("{\"active_days\": 7, \"slightly_active_days\": 30, \"dormant_days\": 60, \"churned_days\": 90}", """
                [{"type": "extra_forbidden", "loc": ["body", "churned_days"], "msg": "Extra inputs are not permitted",
                  "input": 90}]""");
    }

    @Test
    void theSettingsNeedTheDataKey() {
        assertThat(suite.get(SETTINGS).status()).isEqualTo(401);
        assertThat(suite.get(SETTINGS, "X-Public-Key", org.publicKey()).status()).isEqualTo(403);
    }

    // ---- latest sessions and segments ----

    @Test
    void customersFollowTheirLatestSessionAndTheirSegmentFollowsTheThresholds() {
        String today = create("Ada Today", "ada@example.com");
        String identified = create("Bea Identified", "Bea@Example.com");
        String monthAgo = create("Cy Forty", "cy@example.com");
        String longAgo = create("Di Seventy", "di@example.com");
        String neverSeen = create("Ed Never", "ed@example.com");
        String sessionToday = "s-" + UUID.randomUUID();
        String sessionIdentified = "s-" + UUID.randomUUID();
        String sessionForty = "s-" + UUID.randomUUID();
        String sessionSeventy = "s-" + UUID.randomUUID();

        site.send(List.of(
                site.view(sessionToday, "/pricing?plan=pro", hoursAgo(2)).put("customer_id", today),
                site.view(sessionToday, "/checkout/", hoursAgo(1)).put("customer_id", today),
                site.event("click", sessionToday, "/checkout", hoursAgo(1).plusSeconds(5)).put("customer_id", today),
                site.view(sessionIdentified, "/welcome", daysAgo(10)),
                identify(sessionIdentified, daysAgo(10).plusSeconds(1)).put("email", "bea@example.com"),
                site.view(sessionForty, "/docs/start", daysAgo(40)).put("customer_id", monthAgo),
                site.view(sessionSeventy, "/settings", daysAgo(70)).put("customer_id", longAgo)));

        JsonNode ada = awaitLatestSession(today, sessionToday, "/checkout");
        assertThat(ada.get("last_session_node").asString()).isEqualTo("/checkout");
        assertThat(Instant.parse(ada.get("last_session_node_at").asString())).isEqualTo(hoursAgo(1));
        assertThat(ada.get("last_session_channel").asString()).isEqualTo("web");
        assertThat(ada.get("activity_segment").asString()).isEqualTo("active");
        assertThat(ada.get("is_active").asBoolean()).isTrue();
        JsonNode bea = awaitLatestSession(identified, sessionIdentified, "/welcome");
        assertThat(bea.get("last_session_node").asString()).isEqualTo("/welcome");
        assertThat(Instant.parse(bea.get("last_session_node_at").asString())).isEqualTo(daysAgo(10));
        assertThat(bea.get("activity_segment").asString()).isEqualTo("slightly_active");
        assertThat(suite.get(CUSTOMERS + "/by-email/bea%40example.com", "x-api-key", org.apiKey()).json()).isEqualTo(bea);
        assertThat(awaitLatestSession(monthAgo, sessionForty, "/docs/start").get("activity_segment").asString()).isEqualTo("dormant");
        JsonNode di = awaitLatestSession(longAgo, sessionSeventy, "/settings");
        assertThat(di.get("last_session_node").asString()).isEqualTo("/settings");
        assertThat(di.get("activity_segment").asString()).isEqualTo("inactive");
        JsonNode ed = customer(neverSeen);
        for (String field : List.of("last_session_id", "last_session_node", "last_session_node_at", "last_session_channel")) {
            assertThat(ed.get(field).isNull()).as(field).isTrue();
        }
        assertThat(ed.get("activity_segment").asString()).isEqualTo("inactive");
        assertThat(listedSegments()).isEqualTo(Map.of(today, "active", identified, "slightly_active", monthAgo, "dormant",
                longAgo, "inactive", neverSeen, "inactive"));

        assertThat(put(SETTINGS, "{\"active_days\": 45, \"slightly_active_days\": 80, \"dormant_days\": 100}").status()).isEqualTo(200);

        assertThat(customer(identified).get("activity_segment").asString()).isEqualTo("active");
        assertThat(customer(monthAgo).get("activity_segment").asString()).isEqualTo("active");
        assertThat(customer(longAgo).get("activity_segment").asString()).isEqualTo("slightly_active");
        assertThat(customer(longAgo).get("last_session_id").asString()).isEqualTo(sessionSeventy);
        assertThat(customer(neverSeen).get("activity_segment").asString()).isEqualTo("inactive");
        assertThat(listedSegments()).isEqualTo(Map.of(today, "active", identified, "active", monthAgo, "active",
                longAgo, "slightly_active", neverSeen, "inactive"));
    }

    @Test
    void aLaterSessionOfTheCustomerBecomesTheirLatest() {
        String ada = create("Ada Lovelace", "ada@example.com");
        String first = "s-" + UUID.randomUUID();
        String second = "s-" + UUID.randomUUID();
        site.send(List.of(site.view(first, "/first", daysAgo(20)).put("customer_id", ada)));
        assertThat(awaitLatestSession(ada, first, "/first").get("activity_segment").asString()).isEqualTo("slightly_active");

        site.send(List.of(site.view(second, "/second", hoursAgo(3)).put("customer_id", ada)));

        JsonNode latest = awaitLatestSession(ada, second, "/second");
        assertThat(latest.get("last_session_node").asString()).isEqualTo("/second");
        assertThat(latest.get("activity_segment").asString()).isEqualTo("active");
        // an older session that goes on with events from its own past stays behind
        site.send(List.of(site.view(first, "/first-again", daysAgo(19)).put("customer_id", ada),
                site.view(second, "/marker", hoursAgo(2)).put("customer_id", ada)));
        await().atMost(FOLLOWED).untilAsserted(() -> assertThat(customer(ada).get("last_session_node").asString()).isEqualTo("/marker"));
        assertThat(customer(ada).get("last_session_id").asString()).isEqualTo(second);
    }

    @Test
    void aSessionIdentifiedBeforeItsCustomerExistsIsTheirsOnceCreated() {
        String session = "s-" + UUID.randomUUID();
        site.send(List.of(
                site.view(session, "/signup", daysAgo(3)),
                identify(session, daysAgo(3).plusSeconds(2)).put("email", "newcomer@example.com")));
        await().atMost(FOLLOWED).until(() -> suite.get("/external/v1/sessions/" + session, "x-api-key", org.apiKey()).status() == 200);

        Answer created = suite.post(CREATE, Json.write(Map.of("name", "New Comer", "email", "Newcomer@example.com", "source", "web")),
                "x-api-key", org.apiKey());

        assertThat(created.status()).isEqualTo(201);
        JsonNode newcomer = awaitLatestSession(created.json().get("customer_id").asString(), session, "/signup");
        assertThat(newcomer.get("last_session_node").asString()).isEqualTo("/signup");
        assertThat(newcomer.get("activity_segment").asString()).isEqualTo("active");
    }

    @Test
    void aBulkGivesEachNewCustomerTheSessionParkedForThem() {
        String first = "s-" + UUID.randomUUID();
        String second = "s-" + UUID.randomUUID();
        site.send(List.of(
                site.view(first, "/pricing", daysAgo(2)),
                identify(first, daysAgo(2).plusSeconds(2)).put("email", "first@example.com"),
                site.view(second, "/docs", hoursAgo(3)),
                identify(second, hoursAgo(3).plusSeconds(2)).put("email", "second@example.com")));
        // both parked in customer-service, so the bulk itself takes them over
        try (MongoClient mongo = MongoClients.create(suite.infrastructure.mongoUri())) {
            MongoCollection<Document> parked = mongo.getDatabase("engagement_customer").getCollection("parked_sessions");
            await().atMost(FOLLOWED).until(() -> parked.countDocuments(Filters.in("_id",
                    org.id() + ":email:first@example.com", org.id() + ":email:second@example.com")) == 2);
        }

        Answer created = suite.post(CREATE + "/bulk", Json.write(Map.of("customers", List.of(
                Map.of("name", "First", "email", "First@example.com", "source", "web"),
                Map.of("name", "Unseen", "email", "unseen@example.com", "source", "web"),
                Map.of("name", "Second", "email", "second@example.com", "source", "web")))), "x-api-key", org.apiKey());

        assertThat(created.status()).as(created.body()).isEqualTo(201);
        List<JsonNode> customers = created.json().get("customers").valueStream().toList();
        // the answer already counts the sessions taken over, and reading each customer finds them without waiting
        assertThat(customers.stream().map(customer -> customer.get("activity_segment").asString()))
                .containsExactly("active", "inactive", "active");
        List<JsonNode> read = customers.stream().map(customer -> customer(customer.get("customer_id").asString())).toList();
        assertThat(read.stream().map(customer -> customer.path("last_session_id").asString(null))).containsExactly(first, null, second);
        assertThat(read.stream().map(customer -> customer.path("last_session_node").asString(null)))
                .containsExactly("/pricing", null, "/docs");
    }

    @Test
    void anotherOrganizationsTelemetryNeverReachesACustomer() {
        RunningSuite.Organization other = suite.createOrganization("Activity other " + UUID.randomUUID());
        String ada = create("Ada Lovelace", "ada@example.com");
        String theirs = "s-" + UUID.randomUUID();
        String mine = "s-" + UUID.randomUUID();
        new PageAnalytics(suite, other).send(List.of(
                site.view(theirs, "/theirs", hoursAgo(1)).put("customer_id", ada),
                identify(theirs, hoursAgo(1).plusSeconds(1)).put("email", "ada@example.com")));
        await().atMost(FOLLOWED).until(() -> suite.get("/external/v1/sessions/" + theirs, "x-api-key", other.apiKey()).status() == 200);

        site.send(List.of(site.view(mine, "/mine", daysAgo(2)).put("customer_id", ada)));

        JsonNode latest = awaitLatestSession(ada, mine, "/mine");
        assertThat(latest.get("last_session_node").asString()).isEqualTo("/mine");
    }

    // ---- helpers ----

    private void assertRefused(String body, String expectedDetail) {
        Answer answer = put(SETTINGS, body);

        assertThat(answer.status()).as(answer.body()).isEqualTo(422);
        assertThat(answer.json()).isEqualTo(Json.read("{\"detail\": " + expectedDetail + "}"));
        assertThat(suite.get(SETTINGS, "x-api-key", org.apiKey()).json()).isEqualTo(Json.read(DEFAULTS));
    }

    private Answer put(String path, String body) {
        return suite.put(path, body, "x-api-key", org.apiKey());
    }

    private String create(String name, String email) {
        Answer created = suite.post(CREATE, Json.write(Map.of("name", name, "email", email, "source", "web")), "x-api-key", org.apiKey());
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        assertThat(created.json().get("activity_segment").asString()).isEqualTo("inactive");
        return created.json().get("customer_id").asString();
    }

    private JsonNode customer(String customerId) {
        Answer answer = suite.get(CUSTOMERS + "/" + customerId, "x-api-key", org.apiKey());
        assertThat(answer.status()).as(answer.body()).isEqualTo(200);
        return answer.json();
    }

    /** Waits until the customer's latest session is {@code sessionId} with its last page {@code node}. */
    private JsonNode awaitLatestSession(String customerId, String sessionId, String node) {
        await().atMost(FOLLOWED).untilAsserted(() -> {
            JsonNode customer = customer(customerId);
            assertThat(customer.get("last_session_id").asString()).isEqualTo(sessionId);
            assertThat(customer.get("last_session_node").asString()).isEqualTo(node);
        });
        return customer(customerId);
    }

    private Map<String, String> listedSegments() {
        Answer page = suite.get(CUSTOMERS + "?page_size=100", "x-api-key", org.apiKey());
        assertThat(page.status()).as(page.body()).isEqualTo(200);
        return page.json().get("data").valueStream()
                .collect(java.util.stream.Collectors.toMap(row -> row.get("customer_id").asString(),
                        row -> row.get("activity_segment").asString()));
    }

    private static ObjectNode identify(String session, Instant at) {
        ObjectNode event = Json.object();
        event.put("event_id", UUID.randomUUID().toString());
        event.put("type", "identify");
        event.put("session_id", session);
        event.put("timestamp", at.toString());
        return event;
    }

    private Instant hoursAgo(int hours) {
        return now.minus(Duration.ofHours(hours));
    }

    private Instant daysAgo(int days) {
        return now.minus(Duration.ofDays(days));
    }
}
