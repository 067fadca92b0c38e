package io.engagement.local.messaging;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.model.Filters;
import io.engagement.infra.inbox.ReceivedSms;
import io.engagement.local.support.Answer;
import io.engagement.local.support.RunningSuite;
import org.bson.Document;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** SMS through the gateway, charged to the wallet and submitted over SMPP to the embedded SMSC. */
class SmsIT {

    private static final String SEND = "/external/v1/external/v1/sms/send";
    private static final String BULK = "/external/v1/external/v1/sms/send/bulk";
    private static final Duration SUBMITTED = Duration.ofSeconds(60);

    private final RunningSuite suite = RunningSuite.get();
    private final RunningSuite.Organization org = suite.createOrganization("Sms " + UUID.randomUUID());

    @Test
    void aNewOrganizationsWalletIsEmptyAndItsSendIsRefusedWhole() {
        String to = number();

        Answer balance = wallet("GET", null);
        Answer refused = sms(SEND, "{\"sender_id\": \"Acme\", \"channel\": \"generic\", \"to\": \"%s\", \"message\": \"hi\"}".formatted(to));

        assertThat(balance.json().get("balance").asLong()).isZero();
        assertThat(refused.status()).isEqualTo(402);
        assertThat(refused.json().get("error").asString()).isEqualTo("insufficient wallet balance");
        await().during(Duration.ofMillis(500)).atMost(Duration.ofSeconds(5)).untilAsserted(() -> assertThat(receivedBy(to)).isEmpty());
    }

    @Test
    void aFundedSendIsChargedPerSegmentSubmittedOverSmppAndItsReceiptRecorded() {
        assertThat(wallet("POST", "{\"amount\": 10}").json().get("balance").asLong()).isEqualTo(10);
        String to = number();
        String text = "Your code is 123456. ".repeat(8);

        Answer sent = sms(SEND, "{\"sender_id\": \"Acme\", \"channel\": \"dnd\", \"to\": \"%s\", \"message\": \"%s\"}".formatted(to, text));

        assertThat(sent.status()).isEqualTo(200);
        assertThat(sent.json().get("status").asBoolean()).isTrue();
        assertThat(sent.json().get("message").asString()).isNotBlank();
        assertThat(sent.json().get("message_ids")).hasSize(1);
        assertThat(wallet("GET", null).json().get("balance").asLong()).isEqualTo(8);

        ReceivedSms received = awaitReceived(to).get(0);
        assertThat(received.senderId()).isEqualTo("Acme");
        assertThat(received.message()).isEqualTo(text);
        assertThat(received.channel()).isEqualTo("dnd");

        JsonNode status = awaitReceipt(sent.json().get("message_ids").get(0).asString());
        assertThat(status.get("status").asString()).isEqualTo("sent");
        assertThat(status.get("segments").asInt()).isEqualTo(2);
        assertThat(status.get("smsc_message_id").asString()).isEqualTo(received.smscMessageId());
        assertThat(status.get("delivery_status").asString()).isEqualTo("delivrd");
        // kept for a receipt that reaches another replica, or comes after a restart
        assertThat(messageOfSmscId(received.smscMessageId())).isEqualTo(sent.json().get("message_ids").get(0).asString());
    }

    @Test
    void aBulkSendChargesEverySegmentToEveryRecipient() {
        wallet("POST", "{\"amount\": 100}");
        List<String> to = List.of(number(), number(), number());
        String text = "Привет! ".repeat(10);

        Answer sent = sms("/external/v1/sms/send/bulk", "{\"sender_id\": \"Acme\", \"to\": [\"%s\"], \"message\": \"%s\"}"
                .formatted(String.join("\",\"", to), text));

        assertThat(sent.status()).isEqualTo(200);
        assertThat(sent.json().get("message_ids")).hasSize(3);
        assertThat(wallet("GET", null).json().get("balance").asLong()).isEqualTo(100 - 2 * 3);
        to.forEach(number -> {
            ReceivedSms received = awaitReceived(number).get(0);
            assertThat(received.message()).isEqualTo(text);
            assertThat(received.channel()).isEqualTo("generic");
        });
    }

    @Test
    void aBulkSendTheWalletCannotCoverSendsNothingAndChargesNothing() {
        wallet("POST", "{\"amount\": 2}");
        List<String> to = List.of(number(), number(), number());

        Answer refused = sms(BULK, "{\"sender_id\": \"Acme\", \"to\": [\"%s\"], \"message\": \"hi\"}".formatted(String.join("\",\"", to)));

        assertThat(refused.status()).isEqualTo(402);
        assertThat(wallet("GET", null).json().get("balance").asLong()).isEqualTo(2);
        await().during(Duration.ofMillis(500)).atMost(Duration.ofSeconds(5))
                .untilAsserted(() -> to.forEach(number -> assertThat(receivedBy(number)).isEmpty()));
    }

    @Test
    void numbersSenderIdsAndChannelsAreChecked() {
        Answer refused = sms(BULK, "{\"sender_id\": \"A-very-long-sender\", \"channel\": \"sms\", \"to\": [\"%s\", \"0794600000\", \"+1555\"], \"message\": \"\"}"
                .formatted(number()));
        String tooMany = IntStream.range(0, 10_001).mapToObj(i -> "\"+12015550100\"").reduce((a, b) -> a + "," + b).orElseThrow();
        Answer overLimit = sms(BULK, "{\"sender_id\": \"Acme\", \"to\": [" + tooMany + "], \"message\": \"hi\"}");

        assertThat(refused.status()).isEqualTo(422);
        assertThat(refused.locs()).containsExactlyInAnyOrder(List.of("body", "to", 1), List.of("body", "to", 2),
                List.of("body", "sender_id"), List.of("body", "channel"), List.of("body", "message"));
        assertThat(overLimit.status()).isEqualTo(422);
        assertThat(overLimit.locs()).containsExactly(List.of("body", "to"));
    }

    @Test
    void anUndeliverableReceiptFailsTheMessage() {
        wallet("POST", "{\"amount\": 1}");
        suite.smsc.receiptStat("UNDELIV");
        try {
            Answer sent = sms(SEND, "{\"sender_id\": \"Acme\", \"to\": \"%s\", \"message\": \"hi\"}".formatted(number()));
            String id = sent.json().get("message_ids").get(0).asString();

            await().atMost(SUBMITTED).untilAsserted(() -> {
                JsonNode status = status(id);
                assertThat(status.get("status").asString()).isEqualTo("failed");
                assertThat(status.get("delivery_status").asString()).isEqualTo("undeliv");
                assertThat(status.get("last_error").asString()).contains("UNDELIV");
            });
        } finally {
            suite.smsc.receiptStat("DELIVRD");
        }
    }

    @Test
    void aRetriedSendWithItsIdempotencyKeyIsChargedAndSentOnce() {
        wallet("POST", "{\"amount\": 5}");
        String to = number();
        String body = "{\"sender_id\": \"Acme\", \"to\": \"%s\", \"message\": \"once\"}".formatted(to);
        String key = UUID.randomUUID().toString();

        Answer first = sms(SEND, body, "Idempotency-Key", key);
        Answer again = sms(SEND, body, "Idempotency-Key", key);

        assertThat(again.header("Idempotent-Replay")).isEqualTo("true");
        assertThat(again.json()).isEqualTo(first.json());
        assertThat(wallet("GET", null).json().get("balance").asLong()).isEqualTo(4);
        awaitReceived(to);
        await().during(Duration.ofMillis(500)).atMost(Duration.ofSeconds(5)).untilAsserted(() -> assertThat(receivedBy(to)).hasSize(1));
    }

    @Test
    void theWalletIsTheAdminApisOnly() {
        Answer withoutToken = suite.get("/admin/v1/organizations/" + org.id() + "/wallet");
        Answer unknown = suite.admin("GET", "/admin/v1/organizations/999999999/wallet", null);
        Answer negative = wallet("POST", "{\"amount\": -5}");
        Answer notAnId = suite.admin("GET", "/admin/v1/organizations/abc/wallet", null);

        assertThat(withoutToken.status()).isEqualTo(401);
        assertThat(unknown.status()).isEqualTo(404);
        assertThat(negative.status()).isEqualTo(422);
        assertThat(negative.locs()).containsExactly(List.of("body", "amount"));
        assertThat(notAnId.status()).isEqualTo(422);
        assertThat(notAnId.locs()).containsExactly(List.of("path", "organization_id"));
    }

    private Answer sms(String path, String json, String... headers) {
        String[] all = new String[headers.length + 2];
        all[0] = "x-api-key";
        all[1] = org.apiKey();
        System.arraycopy(headers, 0, all, 2, headers.length);
        return suite.post(path, json, all);
    }

    private Answer wallet(String method, String json) {
        return suite.admin(method, "/admin/v1/organizations/" + org.id() + "/wallet", json);
    }

    private JsonNode status(String id) {
        return suite.get("/external/v1/sms/messages/" + id, "x-api-key", org.apiKey()).json();
    }

    private String messageOfSmscId(String smscId) {
        try (MongoClient mongo = MongoClients.create(suite.infrastructure.mongoUri())) {
            Document kept = mongo.getDatabase("engagement_messaging").getCollection("sms_smsc_ids").find(Filters.eq("_id", smscId)).first();
            return kept == null ? null : kept.getString("message_id");
        }
    }

    private JsonNode awaitReceipt(String id) {
        await().atMost(SUBMITTED).until(() -> status(id).get("delivery_status").isString());
        return status(id);
    }

    private List<ReceivedSms> awaitReceived(String to) {
        await().atMost(SUBMITTED).until(() -> !receivedBy(to).isEmpty());
        return receivedBy(to);
    }

    private List<ReceivedSms> receivedBy(String to) {
        String digits = to.substring(1);
        return suite.smsc.received().stream().filter(sms -> sms.to().replace("+", "").equals(digits)).toList();
    }

    /** A valid number no other test sends to. */
    private static String number() {
        ThreadLocalRandom random = ThreadLocalRandom.current();
        return "+1201" + random.nextInt(2, 10) + String.format("%06d", random.nextInt(1_000_000));
    }
}
