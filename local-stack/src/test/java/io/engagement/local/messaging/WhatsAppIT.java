package io.engagement.local.messaging;

import io.engagement.infra.inbox.ReceivedWhatsApp;
import io.engagement.local.support.Answer;
import io.engagement.local.support.Json;
import io.engagement.local.support.RunningSuite;
import io.engagement.local.support.TopicReader;
import io.engagement.local.support.WhatsAppNumbers;
import io.engagement.platform.event.Topics;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The WhatsApp connection and WhatsApp sends through the gateway: a connected number, one wallet
 * unit per message, delivery to the dev inbox's Cloud API stand-in.
 */
class WhatsAppIT {

    private static final String SETTINGS = "/external/v1/settings/whatsapp";
    private static final String SEND = "/external/v1/whatsapp/send";
    private static final Duration DELIVERED = Duration.ofSeconds(60);

    private final RunningSuite suite = RunningSuite.get();
    private final RunningSuite.Organization org = suite.createOrganization("WhatsApp " + UUID.randomUUID());

    // ---- connection ----

    @Test
    void anOrganizationStartsDisconnected() {
        Answer answer = suite.get(SETTINGS, "x-api-key", org.apiKey());

        assertThat(answer.status()).isEqualTo(200);
        assertThat(answer.json()).isEqualTo(Json.read("{\"phone_number\": null, \"status\": \"disconnected\", \"connected_at\": null}"));
    }

    @Test
    void connectingANumberIsShownToTheOrganizationOnlyAndDisconnectingForgetsIt() {
        RunningSuite.Organization other = suite.createOrganization("WhatsApp other " + UUID.randomUUID());
        String number = WhatsAppNumbers.fresh();
        Instant before = Instant.now().minusSeconds(1);

        Answer connected = connect(org, "{\"phone_number\": \"" + number + "\"}");

        assertThat(connected.status()).isEqualTo(200);
        assertThat(connected.json().get("phone_number").asString()).isEqualTo(number);
        assertThat(connected.json().get("status").asString()).isEqualTo("connected");
        assertThat(Instant.parse(connected.json().get("connected_at").asString())).isAfter(before);
        assertThat(suite.get(SETTINGS, "x-api-key", org.apiKey()).json()).isEqualTo(connected.json());
        assertThat(suite.get(SETTINGS, "x-api-key", other.apiKey()).json().get("status").asString()).isEqualTo("disconnected");

        Answer disconnected = suite.delete(SETTINGS, "x-api-key", org.apiKey());

        assertThat(disconnected.status()).isEqualTo(200);
        assertThat(disconnected.json()).isEqualTo(Json.read("{\"phone_number\": null, \"status\": \"disconnected\", \"connected_at\": null}"));
        assertThat(suite.get(SETTINGS, "x-api-key", org.apiKey()).json()).isEqualTo(disconnected.json());
    }

    @Test
    void eachConnectAndDisconnectIsPublished() {
        String number = WhatsAppNumbers.fresh();
        try (TopicReader topic = new TopicReader(suite.infrastructure.kafkaBootstrapServers(), Topics.MESSAGING_SETTINGS)) {
            assertThat(connect(org, "{\"phone_number\": \"" + number + "\"}").status()).isEqualTo(200);
            assertThat(suite.delete(SETTINGS, "x-api-key", org.apiKey()).status()).isEqualTo(200);

            List<ConsumerRecord<String, String>> published = topic.awaitMatching(
                    record -> record.key().equals(org.id() + ":settings-whatsapp"), 2);

            List<JsonNode> events = published.stream().map(TopicReader::json).toList();
            assertThat(events).extracting(event -> event.get("type").asString()).containsOnly("settings.whatsapp.changed");
            assertThat(events).extracting(event -> event.get("org_id").asLong()).containsOnly(org.id());
            assertThat(events.get(0).at("/data/phone_number").asString()).isEqualTo(number);
            assertThat(events.get(0).at("/data/status").asString()).isEqualTo("connected");
            assertThat(events.get(1).at("/data/status").asString()).isEqualTo("disconnected");
            assertThat(events.get(1).at("/data/phone_number").isNull()).isTrue();
        }
    }

    @Test
    void onlyAnE164NumberConnectsAndNothingElseMayComeWithIt() {
        List<String> invalid = List.of("12015550100", "+0201555010", "+1234567", "+1234567890123456", "+1 201 555 0100");

        for (String number : invalid) {
            Answer refused = connect(org, "{\"phone_number\": \"" + number + "\"}");
            assertThat(refused.status()).as(number).isEqualTo(422);
            assertThat(refused.locs()).as(number).containsExactly(List.of("body", "phone_number"));
        }
        Answer notAString = connect(org, "{\"phone_number\": 12015550100}");
        Answer extra = connect(org, "{\"phone_number\": \"+12015550100\", \"display_name\": \"Acme\"}");
        Answer missing = connect(org, "{}");

        assertThat(notAString.locs()).containsExactly(List.of("body", "phone_number"));
        assertThat(extra.status()).isEqualTo(422);
        assertThat(extra.locs()).containsExactly(List.of("body", "display_name"));
        assertThat(extra.json().at("/detail/0/type").asString()).isEqualTo("extra_forbidden");
        assertThat(missing.locs()).containsExactly(List.of("body", "phone_number"));
        assertThat(suite.get(SETTINGS, "x-api-key", org.apiKey()).json().get("status").asString()).isEqualTo("disconnected");
        assertThat(connect(org, "{\"phone_number\": \"+12345678\"}").status()).isEqualTo(200);
        assertThat(connect(org, "{\"phone_number\": \"+123456789012345\"}").status()).isEqualTo(200);
    }

    // ---- sends ----

    @Test
    void aSendFromAConnectedNumberIsChargedOneUnitAndDeliveredToTheProvider() {
        String from = WhatsAppNumbers.fresh();
        String to = WhatsAppNumbers.fresh();
        connect(org, "{\"phone_number\": \"" + from + "\"}");
        wallet("POST", "{\"amount\": 3}");
        String text = "Your order has shipped. ".repeat(20);

        Answer sent = send(org, "{\"to\": \"" + to + "\", \"message\": \"" + text + "\"}");

        assertThat(sent.status()).as(sent.body()).isEqualTo(200);
        assertThat(sent.json().get("status").asBoolean()).isTrue();
        assertThat(sent.json().get("message").asString()).isNotBlank();
        String id = sent.json().get("message_id").asString();
        assertThat(balance()).isEqualTo(2);

        ReceivedWhatsApp received = awaitReceived(to).get(0);
        assertThat(received.message()).isEqualTo(text);
        assertThat(received.phoneNumberId()).isEqualTo(from.substring(1));

        await().atMost(DELIVERED).until(() -> status(org, id).get("status").asString().equals("sent"));
        JsonNode status = status(org, id);
        assertThat(status.get("message_id").asString()).isEqualTo(id);
        assertThat(status.get("to").asString()).isEqualTo(to);
        assertThat(status.get("from").asString()).isEqualTo(from);
        assertThat(status.get("attempts").asInt()).isEqualTo(1);
        assertThat(status.get("provider_message_id").asString()).isEqualTo(received.id());
        assertThat(suite.get("/external/v1/whatsapp/messages/" + id, "x-api-key", suite.globex.apiKey()).status()).isEqualTo(404);
    }

    @Test
    void aSendWithoutAConnectedNumberIsRefusedAndCostsNothing() {
        wallet("POST", "{\"amount\": 5}");
        String to = WhatsAppNumbers.fresh();

        Answer refused = send(org, "{\"to\": \"" + to + "\", \"message\": \"hi\"}");

        assertThat(refused.status()).isEqualTo(409);
        assertThat(refused.detail()).isEqualTo("WhatsApp is not connected");
        assertThat(balance()).isEqualTo(5);
        assertThat(queuedCount()).isZero();
    }

    @Test
    void aSendAfterDisconnectingIsRefused() {
        connect(org, "{\"phone_number\": \"" + WhatsAppNumbers.fresh() + "\"}");
        wallet("POST", "{\"amount\": 5}");
        assertThat(suite.delete(SETTINGS, "x-api-key", org.apiKey()).status()).isEqualTo(200);

        Answer refused = send(org, "{\"to\": \"" + WhatsAppNumbers.fresh() + "\", \"message\": \"hi\"}");

        assertThat(refused.status()).isEqualTo(409);
        assertThat(refused.detail()).isEqualTo("WhatsApp is not connected");
        assertThat(balance()).isEqualTo(5);
    }

    @Test
    void aSendTheWalletCannotCoverIsRefusedAndNothingIsDelivered() {
        connect(org, "{\"phone_number\": \"" + WhatsAppNumbers.fresh() + "\"}");
        String to = WhatsAppNumbers.fresh();

        Answer refused = send(org, "{\"to\": \"" + to + "\", \"message\": \"hi\"}");

        assertThat(refused.status()).isEqualTo(402);
        assertThat(refused.json().get("error").asString()).isEqualTo("insufficient wallet balance");
        assertThat(balance()).isZero();
        // nothing in the ledger is nothing on the queue: a message is recorded before it is queued
        assertThat(queuedCount()).isZero();
        assertThat(receivedBy(to)).isEmpty();
    }

    @Test
    void aRetriedSendWithItsIdempotencyKeyIsChargedAndDeliveredOnce() {
        connect(org, "{\"phone_number\": \"" + WhatsAppNumbers.fresh() + "\"}");
        wallet("POST", "{\"amount\": 5}");
        String to = WhatsAppNumbers.fresh();
        String body = "{\"to\": \"" + to + "\", \"message\": \"once\"}";
        String key = UUID.randomUUID().toString();

        Answer first = send(org, body, "Idempotency-Key", key);
        Answer again = send(org, body, "Idempotency-Key", key);

        assertThat(first.status()).isEqualTo(200);
        assertThat(again.header("Idempotent-Replay")).isEqualTo("true");
        assertThat(again.json()).isEqualTo(first.json());
        assertThat(balance()).isEqualTo(4);
        assertThat(queuedCount()).isEqualTo(1);
        awaitReceived(to);
        await().during(Duration.ofMillis(500)).atMost(Duration.ofSeconds(5)).until(() -> receivedBy(to).size() == 1);
    }

    @Test
    void anErasedCustomersNumberLeavesTheirMessagesWhileTheStatusStays() {
        connect(org, "{\"phone_number\": \"" + WhatsAppNumbers.fresh() + "\"}");
        wallet("POST", "{\"amount\": 1}");
        String to = WhatsAppNumbers.fresh();
        Answer customer = suite.post("/external/v1/customers", "{\"name\": \"Wanda\", \"email\": \"wanda-" + UUID.randomUUID()
                + "@example.test\", \"whatsapp_number\": \"" + to + "\", \"source\": \"web\"}", "x-api-key", org.apiKey());
        assertThat(customer.status()).as(customer.body()).isEqualTo(201);
        String id = send(org, "{\"to\": \"" + to + "\", \"message\": \"hi\"}").json().get("message_id").asString();
        await().atMost(DELIVERED).until(() -> status(org, id).get("status").asString().equals("sent"));

        Answer erased = suite.delete("/external/v1/customers/" + customer.json().get("customer_id").asString(), "x-api-key", org.apiKey());

        assertThat(erased.status()).isEqualTo(204);
        await().atMost(DELIVERED).untilAsserted(() -> {
            JsonNode status = status(org, id);
            assertThat(status.get("to").isNull()).as(status.toString()).isTrue();
            assertThat(status.get("status").asString()).isEqualTo("sent");
        });
    }

    @Test
    void sendsAreValidatedBeforeAnythingElse() {
        Answer refused = send(org, "{\"to\": \"0794600000\", \"message\": \"\"}");
        Answer tooLong = send(org, "{\"to\": \"+12015550100\", \"message\": \"" + "x".repeat(4097) + "\"}");
        Answer wrongKey = suite.post(SEND, "{\"to\": \"+12015550100\", \"message\": \"hi\"}", "X-Transactional-Key", org.transactionalKey());

        assertThat(refused.status()).isEqualTo(422);
        assertThat(refused.locs()).containsExactlyInAnyOrder(List.of("body", "to"), List.of("body", "message"));
        assertThat(tooLong.status()).isEqualTo(422);
        assertThat(tooLong.locs()).containsExactly(List.of("body", "message"));
        assertThat(wrongKey.status()).isEqualTo(403);
    }

    private Answer connect(RunningSuite.Organization who, String body) {
        return suite.put(SETTINGS, body, "x-api-key", who.apiKey());
    }

    private Answer send(RunningSuite.Organization who, String json, String... headers) {
        String[] all = new String[headers.length + 2];
        all[0] = "x-api-key";
        all[1] = who.apiKey();
        System.arraycopy(headers, 0, all, 2, headers.length);
        return suite.post(SEND, json, all);
    }

    private JsonNode status(RunningSuite.Organization who, String id) {
        return suite.get("/external/v1/whatsapp/messages/" + id, "x-api-key", who.apiKey()).json();
    }

    private long queuedCount() {
        return suite.get("/external/v1/whatsapp/messages", "x-api-key", org.apiKey()).json().get("total").asLong();
    }

    private Answer wallet(String method, String json) {
        return suite.admin(method, "/admin/v1/organizations/" + org.id() + "/wallet", json);
    }

    private long balance() {
        return wallet("GET", null).json().get("balance").asLong();
    }

    private List<ReceivedWhatsApp> awaitReceived(String to) {
        await().atMost(DELIVERED).until(() -> !receivedBy(to).isEmpty());
        return receivedBy(to);
    }

    private List<ReceivedWhatsApp> receivedBy(String to) {
        return suite.inbox.whatsapp().received().stream().filter(message -> message.to().equals(to)).toList();
    }
}
