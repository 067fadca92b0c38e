package io.engagement.local.conversation;

import io.engagement.infra.inbox.ReceivedWhatsApp;
import io.engagement.local.support.Answer;
import io.engagement.local.support.Json;
import io.engagement.local.support.RunningSuite;
import io.engagement.local.support.SupportHoursBody;
import io.engagement.local.support.WhatsAppNumbers;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.UUID;
import java.util.stream.StreamSupport;

import static io.engagement.local.support.Routes.INBOX;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * WhatsApp conversations through the gateway: Meta's handshake, signed webhooks whose texts open or
 * continue the sender's conversation (stored once however often delivered), agents' replies sent
 * through the WhatsApp path and paid from the wallet, the dev inbox playing a WhatsApp user, and
 * the conversation erased with the customer whose number it is.
 */
class WhatsAppConversationIT {

    private static final String WEBHOOK = "/webhooks/whatsapp";
    /** The connected number is learnt from the settings topic, a moment after the connect answers. */
    private static final Duration LEARNT = Duration.ofSeconds(30);

    private final RunningSuite suite = RunningSuite.get();
    private final RunningSuite.Organization org = suite.createOrganization("WhatsApp conversations " + UUID.randomUUID());
    private final String business = WhatsAppNumbers.fresh();

    @BeforeEach
    void connectedAndAlwaysOpen() {
        SupportHoursBody.put(suite, org, SupportHoursBody.ALWAYS_OPEN);
        Answer connected = suite.put("/external/v1/settings/whatsapp", "{\"phone_number\": \"" + business + "\"}", "x-api-key", org.apiKey());
        assertThat(connected.status()).as(connected.body()).isEqualTo(200);
    }

    // ---- the webhook ----

    @Test
    void theSubscriptionHandshakeAnswersTheChallengeForTheVerifyTokenOnly() {
        Answer verified = suite.get(WEBHOOK + "?hub.mode=subscribe&hub.verify_token=" + RunningSuite.WHATSAPP_VERIFY_TOKEN + "&hub.challenge=1158201444");
        Answer wrong = suite.get(WEBHOOK + "?hub.mode=subscribe&hub.verify_token=guess&hub.challenge=1158201444");
        Answer none = suite.get(WEBHOOK + "?hub.mode=subscribe&hub.challenge=1158201444");

        assertThat(verified.status()).as(verified.body()).isEqualTo(200);
        assertThat(verified.body()).isEqualTo("1158201444");
        assertThat(wrong.status()).isEqualTo(403);
        assertThat(wrong.json().has("detail")).isTrue();
        assertThat(none.status()).isEqualTo(403);
    }

    @Test
    void aSignedTextOpensTheSendersConversationAndARedeliveredOneIsStoredOnce() {
        String sender = WhatsAppNumbers.fresh();
        String first = notification(sender, "wamid." + UUID.randomUUID(), "Ada Lovelace", "Hello, is my order on its way?");

        JsonNode conversation = awaitConversationOf(first, sender);
        assertThat(signed(first).status()).as("Meta delivering it again").isEqualTo(200);
        Answer second = signed(notification(sender, "wamid." + UUID.randomUUID(), "Ada Lovelace", "It was order 1042."));

        assertThat(second.status()).isEqualTo(200);
        assertThat(conversation.get("channel").asString()).isEqualTo("whatsapp");
        assertThat(conversation.get("status").asString()).as("no bot knowledge: a person is needed").isEqualTo("open");
        assertThat(conversation.get("visitor").get("whatsapp_number").asString()).isEqualTo(sender);
        assertThat(conversation.get("visitor").get("name").asString()).isEqualTo("Ada Lovelace");
        assertThat(conversation.get("visitor").get("verified").asBoolean()).isFalse();
        String id = conversation.get("conversation_id").asString();
        List<JsonNode> messages = await().atMost(Duration.ofSeconds(10)).until(() -> messages(id), found -> found.size() == 2);
        assertThat(messages).extracting(message -> message.get("seq").asLong()).containsExactly(1L, 2L);
        assertThat(messages).extracting(message -> message.get("content").asString())
                .containsExactly("Hello, is my order on its way?", "It was order 1042.");
        assertThat(messages).extracting(message -> message.get("sender").get("type").asString()).containsOnly("visitor");
        assertThat(whatsAppConversations()).as("one conversation per sender").hasSize(1);
    }

    @Test
    void aMissingOrWrongSignatureIsRefusedAndNothingIsStored() {
        String sender = WhatsAppNumbers.fresh();
        awaitConversationOf(notification(sender, "wamid." + UUID.randomUUID(), "Known", "Hi"), sender);
        String stranger = WhatsAppNumbers.fresh();
        String body = notification(stranger, "wamid." + UUID.randomUUID(), "Mallory", "Let me in");

        Answer unsigned = post(body, null);
        Answer forged = post(body, sign(body, "not-the-app-secret"));
        Answer tampered = post(body.replace("Let me in", "Let me in!"), sign(body, RunningSuite.WHATSAPP_APP_SECRET));

        assertThat(List.of(unsigned.status(), forged.status(), tampered.status())).containsOnly(401);
        assertThat(unsigned.json().has("detail")).isTrue();
        await().during(Duration.ofSeconds(2)).atMost(Duration.ofSeconds(5)).untilAsserted(() ->
                assertThat(whatsAppConversations()).extracting(conversation -> conversation.get("visitor").get("whatsapp_number").asString())
                        .containsExactly(sender));
    }

    @Test
    void aTextToANumberNoOrganizationConnectedIsAcceptedAndDropped() {
        String body = notification(WhatsAppNumbers.fresh(), "wamid." + UUID.randomUUID(), "Nobody", "Anyone there?")
                .replace(business.substring(1), "1999" + business.substring(5));

        assertThat(signed(body).status()).isEqualTo(200);
    }

    // ---- replies ----

    @Test
    void anAgentsReplyIsSentThroughWhatsAppAndPaidFromTheWalletOr402AndNotStored() {
        String sender = WhatsAppNumbers.fresh();
        String id = awaitConversationOf(notification(sender, "wamid." + UUID.randomUUID(), "Grace", "Can you help?"), sender)
                .get("conversation_id").asString();
        assertThat(suite.admin("POST", "/admin/v1/organizations/" + org.id() + "/wallet", "{\"amount\": 1}").status()).isEqualTo(200);

        Answer reply = suite.post(INBOX + "/" + id + "/messages", "{\"content\": \"Of course, what do you need?\", \"agent_email\": \"ann@example.com\"}",
                "x-api-key", org.apiKey());

        assertThat(reply.status()).as(reply.body()).isEqualTo(201);
        JsonNode delivery = reply.json().get("delivery");
        assertThat(delivery.get("channel").asString()).isEqualTo("whatsapp");
        assertThat(delivery.get("status").asString()).isEqualTo("queued");
        String sent = delivery.get("message_id").asString();
        assertThat(balance()).isZero();
        ReceivedWhatsApp received = await().atMost(Duration.ofSeconds(60)).until(() -> receivedBy(sender), found -> !found.isEmpty()).get(0);
        assertThat(received.message()).isEqualTo("Of course, what do you need?");
        assertThat(received.phoneNumberId()).isEqualTo(business.substring(1));
        assertThat(suite.get("/external/v1/whatsapp/messages/" + sent, "x-api-key", org.apiKey()).json().get("to").asString()).isEqualTo(sender);

        Answer unpaid = suite.post(INBOX + "/" + id + "/messages", "{\"content\": \"One more thing\", \"agent_email\": \"ann@example.com\"}",
                "x-api-key", org.apiKey());
        Answer note = suite.post(INBOX + "/" + id + "/messages", "{\"content\": \"Customer is on the gold plan\", \"agent_email\": \"ann@example.com\", \"private\": true}",
                "x-api-key", org.apiKey());

        assertThat(unpaid.status()).as(unpaid.body()).isEqualTo(402);
        assertThat(unpaid.json()).isEqualTo(Json.read("{\"error\": \"insufficient wallet balance\"}"));
        assertThat(note.status()).as("a private note is never sent, so never paid").isEqualTo(201);
        assertThat(note.json().has("delivery") && !note.json().get("delivery").isNull()).isFalse();
        assertThat(messages(id)).extracting(message -> message.get("content").asString())
                .containsExactly("Can you help?", "Of course, what do you need?", "Customer is on the gold plan");
        assertThat(receivedBy(sender)).hasSize(1);
    }

    @Test
    void aReplyRetriedWithItsClientIdIsSentAndPaidOnce() {
        String sender = WhatsAppNumbers.fresh();
        String id = awaitConversationOf(notification(sender, "wamid." + UUID.randomUUID(), "Linus", "Hello"), sender)
                .get("conversation_id").asString();
        suite.admin("POST", "/admin/v1/organizations/" + org.id() + "/wallet", "{\"amount\": 5}");
        String body = "{\"content\": \"Hello Linus\", \"agent_email\": \"ann@example.com\", \"client_id\": \"reply-1\"}";

        Answer first = suite.post(INBOX + "/" + id + "/messages", body, "x-api-key", org.apiKey());
        Answer retried = suite.post(INBOX + "/" + id + "/messages", body, "x-api-key", org.apiKey());

        assertThat(first.status()).as(first.body()).isEqualTo(201);
        assertThat(retried.status()).isEqualTo(200);
        assertThat(retried.json().get("message_id").asString()).isEqualTo(first.json().get("message_id").asString());
        assertThat(balance()).isEqualTo(4);
        await().during(Duration.ofSeconds(2)).atMost(Duration.ofSeconds(60)).until(() -> receivedBy(sender).size() == 1);
    }

    // ---- local trials and erasure ----

    @Test
    void theDevInboxPlaysAWhatsAppUserWritingToTheConnectedNumber() throws Exception {
        String sender = WhatsAppNumbers.fresh();
        HttpClient http = HttpClient.newHttpClient();
        URI inbound = URI.create("http://127.0.0.1:" + suite.inbox.port() + "/api/v1/whatsapp/inbound");

        JsonNode conversation = await().atMost(LEARNT).until(() -> {
            HttpResponse<String> answer = http.send(HttpRequest.newBuilder(inbound).POST(HttpRequest.BodyPublishers.ofString(
                    "{\"from\": \"" + sender + "\", \"to\": \"" + business + "\", \"text\": \"Trying it out\"}")).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
            return conversationOf(sender);
        }, found -> found != null);

        assertThat(messages(conversation.get("conversation_id").asString()).get(0).get("content").asString()).isEqualTo("Trying it out");
    }

    @Test
    void erasingTheCustomerWithTheNumberDeletesTheirWhatsAppConversation() {
        String sender = WhatsAppNumbers.fresh();
        String id = awaitConversationOf(notification(sender, "wamid." + UUID.randomUUID(), "Erased", "Forget me"), sender)
                .get("conversation_id").asString();
        Answer customer = suite.post("/external/v1/external/v1/customers",
                "{\"name\": \"Erased\", \"source\": \"web\", \"email\": \"erased-" + UUID.randomUUID() + "@example.com\", \"whatsapp_number\": \"" + sender + "\"}",
                "x-api-key", org.apiKey());
        assertThat(customer.status()).as(customer.body()).isIn(200, 201);

        Answer erased = suite.delete("/external/v1/external/v1/customers/" + customer.json().get("customer_id").asString(), "x-api-key", org.apiKey());

        assertThat(erased.status()).as(erased.body()).isEqualTo(204);
        await().atMost(Duration.ofSeconds(60)).untilAsserted(() -> {
            assertThat(suite.get(INBOX + "/" + id, "x-api-key", org.apiKey()).status()).isEqualTo(404);
            assertThat(suite.get(INBOX + "/" + id + "/messages", "x-api-key", org.apiKey()).status()).isEqualTo(404);
        });
    }

    // ---- helpers ----

    /** Sends the notification until the organization's number is learnt and the sender's conversation shows. */
    private JsonNode awaitConversationOf(String notification, String sender) {
        return await().atMost(LEARNT).until(() -> {
            Answer answer = signed(notification);
            assertThat(answer.status()).as(answer.body()).isEqualTo(200);
            return conversationOf(sender);
        }, found -> found != null);
    }

    private JsonNode conversationOf(String sender) {
        return whatsAppConversations().stream()
                .filter(conversation -> conversation.get("visitor").get("whatsapp_number").asString().equals(sender))
                .findFirst().orElse(null);
    }

    private List<JsonNode> whatsAppConversations() {
        Answer page = suite.get(INBOX + "?channel=whatsapp&page_size=100", "x-api-key", org.apiKey());
        assertThat(page.status()).as(page.body()).isEqualTo(200);
        return StreamSupport.stream(page.json().get("data").spliterator(), false).toList();
    }

    private List<JsonNode> messages(String conversationId) {
        Answer page = suite.get(INBOX + "/" + conversationId + "/messages?limit=200", "x-api-key", org.apiKey());
        assertThat(page.status()).as(page.body()).isEqualTo(200);
        return StreamSupport.stream(page.json().get("data").spliterator(), false).toList();
    }

    private List<ReceivedWhatsApp> receivedBy(String to) {
        return suite.inbox.whatsapp().received().stream().filter(message -> message.to().equals(to)).toList();
    }

    private long balance() {
        return suite.admin("GET", "/admin/v1/organizations/" + org.id() + "/wallet", null).json().get("balance").asLong();
    }

    private Answer signed(String body) {
        return post(body, sign(body, RunningSuite.WHATSAPP_APP_SECRET));
    }

    private Answer post(String body, String signature) {
        return signature == null ? suite.post(WEBHOOK, body) : suite.post(WEBHOOK, body, "X-Hub-Signature-256", signature);
    }

    /** The Cloud API's notification of one text from {@code sender} to the organization's number. */
    private String notification(String sender, String messageId, String name, String text) {
        String from = sender.substring(1);
        return """
                {"object": "whatsapp_business_account", "entry": [{"id": "102290129340398", "changes": [{"field": "messages", "value": {
                  "messaging_product": "whatsapp",
                  "metadata": {"display_phone_number": "%s", "phone_number_id": "106540352242922"},
                  "contacts": [{"wa_id": "%s", "profile": {"name": "%s"}}],
                  "messages": [{"from": "%s", "id": "%s", "timestamp": "1732780800", "type": "text", "text": {"body": "%s"}}]}}]}]}"""
                .formatted(business.substring(1), from, name, from, messageId, text);
    }

    static String sign(String body, String secret) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            return "sha256=" + HexFormat.of().formatHex(mac.doFinal(body.getBytes(StandardCharsets.UTF_8)));
        } catch (Exception unavailable) {
            throw new IllegalStateException(unavailable);
        }
    }
}
