package io.engagement.local.customer;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoDatabase;
import io.engagement.local.support.Alerts;
import io.engagement.local.support.Answer;
import io.engagement.local.support.Json;
import io.engagement.local.support.Mail;
import io.engagement.local.support.PageAnalytics;
import io.engagement.local.support.RunningSuite;
import io.engagement.local.support.TopicReader;
import io.engagement.platform.event.Topics;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.bson.Document;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

import java.net.http.HttpRequest;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Erasing a customer through the gateway: afterwards no service's database and no compacted topic
 * holds anything of them (their id, e-mail, phone, session ids), their customer, sessions and
 * replays answer 404, and the collection analytics count what they counted before.
 */
class CustomerErasureIT {

    /** The contract's promise. */
    static final Duration FORGOTTEN = Duration.ofMinutes(1);
    static final List<String> DATABASES = List.of("engagement_gateway", "engagement_customer", "engagement_analytics",
            "engagement_messaging", "engagement_alert");
    static final String CUSTOMERS = "/external/v1/customers";
    static final String SESSIONS = "/external/v1/sessions";

    private static RunningSuite suite;
    private static MongoClient mongo;

    private final RunningSuite.Organization org = RunningSuite.get().createOrganization("Erasure " + UUID.randomUUID());
    private final PageAnalytics site = new PageAnalytics(RunningSuite.get(), org);
    private final Mail mail = new Mail(RunningSuite.get(), org);
    private final Alerts alerts = new Alerts(RunningSuite.get(), org);

    @BeforeAll
    static void connect() {
        suite = RunningSuite.get();
        mongo = suite.mongo();
    }

    @Test
    void anErasedCustomerIsForgottenByEveryServiceWhileTheCountsStay() {
        String email = mail.address();
        String phone = "+23480" + (10_000_000 + ThreadLocalRandom.current().nextInt(89_999_999));
        String customerId = createCustomer(email, phone);
        String identified = "s-" + UUID.randomUUID();
        String byEmail = "s-" + UUID.randomUUID();
        String churn = alerts.rule(Alerts.countRule("churn_signal", 0.65));
        Instant at = Instant.now().minusSeconds(30);
        sendTelemetry(customerId, email, identified, byEmail, at);
        Map<String, String> pages = site.awaitPages("/pricing", "/welcome");
        String collection = site.createdId("{\"name\": \"Everything\", \"url_patterns\": [\"/\"]}");
        String range = "?start=" + PageAnalytics.today().minusDays(1) + "&end=" + PageAnalytics.today().plusDays(1) + "&interval=hourly";
        await().atMost(Duration.ofSeconds(90)).untilAsserted(() -> {
            assertThat(session(identified).status()).isEqualTo(200);
            // identified before its page view, so a counted view means the e-mail is on the session
            assertThat(session(byEmail).json().path("page_view_count").asLong()).isEqualTo(1);
            assertThat(replay(identified).json().get("chunks").size()).isEqualTo(1);
            assertThat(site.analytics(collection, range).get("summary").get("total_visits").asLong()).isEqualTo(2);
        });
        JsonNode alert = alerts.awaitAlert(churn);
        assertThat(alert.get("subject").asString()).isEqualTo(customerId);
        String messageId = sendMail(email);
        mail.awaitStatus(messageId, "sent");
        awaitRemindersFollow(email);
        PageAnalytics.settle();
        JsonNode countedBefore = site.analytics(collection, range);
        List<String> person = List.of(customerId, email, phone, identified, byEmail);
        assertThat(traces(person)).as("the person is stored before the erasure").isNotEmpty();

        Answer stranger = suite.delete(CUSTOMERS + "/" + customerId, "x-api-key", suite.globex.apiKey());
        Answer erased = suite.delete("/external/v1/external/v1/customers/" + customerId, "x-api-key", org.apiKey());
        Answer again = suite.delete(CUSTOMERS + "/" + customerId, "x-api-key", org.apiKey());

        assertThat(stranger.status()).isEqualTo(404);
        assertThat(stranger.json()).isEqualTo(Json.read("{\"detail\": \"Customer not found\"}"));
        assertThat(erased.status()).as(erased.body()).isEqualTo(204);
        assertThat(erased.body()).isEmpty();
        assertThat(again.status()).isEqualTo(404);
        assertThat(customer(customerId).status()).isEqualTo(404);
        await().atMost(FORGOTTEN).pollInterval(Duration.ofMillis(500)).untilAsserted(() -> {
            assertThat(session(identified).status()).isEqualTo(404);
            assertThat(session(byEmail).status()).isEqualTo(404);
            assertThat(replay(identified).status()).isEqualTo(404);
            assertThat(traces(person)).as("what the databases keep of the person").isEmpty();
        });
        assertThat(latestPerKey(Topics.SESSION, org.id() + ":" + identified, org.id() + ":" + byEmail))
                .as("what compaction keeps of the person's sessions").isEmpty();
        assertThat(latestPerKey(Topics.CUSTOMER, org.id() + ":" + customerId)).as("what compaction keeps of the customer").isEmpty();

        assertThat(site.analytics(collection, range)).isEqualTo(countedBefore);
        JsonNode alertAfter = alerts.get(Alerts.ALERTS + "/" + alert.get("alert_id").asString()).json();
        assertThat(alertAfter.get("subject").isNull()).as(alertAfter.toString()).isTrue();
        assertThat(alertAfter.get("value").asDouble()).isEqualTo(alert.get("value").asDouble());
        assertThat(alertAfter.get("message").asString()).doesNotContain(customerId);
        JsonNode message = mail.status(messageId);
        assertThat(message.get("status").asString()).isEqualTo("sent");
        assertThat(message.path("to_email").isMissingNode() || message.get("to_email").isNull()).as(message.toString()).isTrue();
        assertThat(pages).containsKeys("/pricing", "/welcome");
    }

    @Test
    void anUnknownCustomerIsNotFound() {
        Answer unknown = suite.delete(CUSTOMERS + "/" + UUID.randomUUID(), "x-api-key", org.apiKey());

        assertThat(unknown.status()).isEqualTo(404);
        assertThat(unknown.json()).isEqualTo(Json.read("{\"detail\": \"Customer not found\"}"));
        assertThat(suite.delete(CUSTOMERS + "/" + UUID.randomUUID(), "X-Public-Key", org.publicKey()).status()).isEqualTo(403);
        assertThat(suite.delete(CUSTOMERS + "/" + UUID.randomUUID()).status()).isEqualTo(401);
    }

    private String createCustomer(String email, String phone) {
        Answer created = suite.post(CUSTOMERS, Json.write(Map.of("name", "Erin Erased", "email", email, "whatsapp_number", phone, "source", "web")),
                "x-api-key", org.apiKey());
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        return created.json().get("customer_id").asString();
    }

    /**
     * One session names the customer's id (one view, seven console errors and a replay chunk: a churn
     * risk over 0.65), the other only their e-mail.
     */
    private void sendTelemetry(String customerId, String email, String identified, String byEmail, Instant at) {
        List<ObjectNode> events = new ArrayList<>();
        events.add(site.view(identified, "/pricing", at).put("customer_id", customerId));
        for (int i = 0; i < 7; i++) {
            events.add(site.event("console_error", identified, "/pricing", at).put("message", "boom"));
        }
        ObjectNode chunk = site.event("replay", identified, "/pricing", at);
        chunk.putObject("data").put("sequence", 0).put("typed", "hello from " + email);
        events.add(chunk);
        events.add(site.event("identify", byEmail, "/welcome", at.minusSeconds(1)).put("email", email));
        events.add(site.view(byEmail, "/welcome", at));
        site.send(events);
    }

    /**
     * A ticket the person opened (their address in capitals) waits on them with reminders on, so the
     * messaging service keeps both the ticket's reminder state and the customer's contact.
     */
    private void awaitRemindersFollow(String email) {
        Answer reminders = suite.put("/external/v1/settings/reminders", "{\"enabled\": true, \"intervals_minutes\": [10000], \"channels\": [\"email\"]}",
                "x-api-key", org.apiKey());
        assertThat(reminders.status()).as(reminders.body()).isEqualTo(200);
        Answer ticket = suite.post("/external/v1/tickets", "{\"subject\": \"Card\", \"description\": \"d\", \"email\": \""
                + email.toUpperCase(Locale.ROOT) + "\"}", "x-api-key", org.apiKey());
        assertThat(ticket.status()).as(ticket.body()).isEqualTo(201);
        Answer pending = suite.send(HttpRequest.newBuilder(suite.gateway().resolve("/external/v1/tickets/" + ticket.json().get("ticket_id").asString()))
                .header("Content-Type", "application/json")
                .method("PATCH", HttpRequest.BodyPublishers.ofString("{\"status\": \"pending\"}")), "x-api-key", org.apiKey());
        assertThat(pending.status()).as(pending.body()).isEqualTo(200);
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertThat(traces(List.of(email)))
                .anyMatch(trace -> trace.startsWith("engagement_messaging.ticket_reminders"))
                .anyMatch(trace -> trace.startsWith("engagement_messaging.reminder_contacts")));
    }

    private String sendMail(String email) {
        Answer sent = mail.send("""
                {"to_email": "%s", "subject": "Hello %s", "text_content": "Your number is on file"}""".formatted(email, email));
        assertThat(sent.status()).as(sent.body()).isEqualTo(200);
        return sent.json().get("message_id").asString();
    }

    private Answer customer(String customerId) {
        return suite.get(CUSTOMERS + "/" + customerId, "x-api-key", org.apiKey());
    }

    private Answer session(String sessionId) {
        return suite.get(SESSIONS + "/" + sessionId, "x-api-key", org.apiKey());
    }

    private Answer replay(String sessionId) {
        return suite.get(SESSIONS + "/" + sessionId + "/replay", "x-api-key", org.apiKey());
    }

    /**
     * Every stored document, in every service's database, that mentions any of the values (in any
     * case), but the audit log's record of the erasure itself: it keeps that the customer was erased,
     * under their id and by whom, and nothing else of them.
     */
    private static List<String> traces(List<String> values) {
        List<String> lowered = values.stream().map(value -> value.toLowerCase(Locale.ROOT)).toList();
        List<String> found = new ArrayList<>();
        for (String name : DATABASES) {
            MongoDatabase database = mongo.getDatabase(name);
            for (String collection : database.listCollectionNames()) {
                for (Document document : database.getCollection(collection).find()) {
                    if (collection.equals("audit_events") && "customer.erased".equals(document.getString("action"))) {
                        continue;
                    }
                    String text = document.toJson().toLowerCase(Locale.ROOT);
                    if (lowered.stream().anyMatch(text::contains)) {
                        found.add(name + "." + collection + ": " + document.toJson());
                    }
                }
            }
        }
        return found;
    }

    /**
     * What a compacted topic keeps of the keys once cleaned: each key's latest value, once the key's
     * tombstone has been read; a key whose latest record is a tombstone keeps nothing.
     */
    private static Map<String, String> latestPerKey(String topic, String... keys) {
        try (TopicReader reader = new TopicReader(suite.infrastructure.kafkaBootstrapServers(), topic)) {
            for (String key : keys) {
                reader.awaitMatching(record -> key.equals(record.key()) && record.value() == null, 1);
            }
            Map<String, String> latest = new HashMap<>();
            for (ConsumerRecord<String, String> record : reader.seen()) {
                if (List.of(keys).contains(record.key())) {
                    latest.put(record.key(), record.value());
                }
            }
            latest.values().removeIf(value -> value == null);
            return latest;
        }
    }
}
