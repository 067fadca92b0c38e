package io.engagement.infra.inbox;

import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import java.util.UUID;

/**
 * Plays a WhatsApp user writing to a business number, for local trials: {@code POST
 * /api/v1/whatsapp/inbound} {@code {"from", "to", "text", "name"?}} becomes the webhook the WhatsApp
 * Cloud API would send, signed with the app secret as Meta signs it ({@code X-Hub-Signature-256}),
 * and posted to the suite's webhook.
 */
final class WhatsAppWebhooks {

    private final JsonMapper json = JsonMapper.builder().build();
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private volatile URI webhook;
    private volatile String appSecret;

    void forwardTo(URI webhook, String appSecret) {
        this.webhook = webhook;
        this.appSecret = appSecret;
    }

    /** The webhook's answer to the inbound message, with the message's WhatsApp id; why not, for a body that names no message. */
    Sent send(byte[] request) throws IOException, InterruptedException {
        if (webhook == null) {
            throw new IllegalStateException("no webhook to forward WhatsApp messages to");
        }
        JsonNode fields;
        try {
            fields = json.readTree(request);
        } catch (JacksonException unreadable) {
            throw new IllegalArgumentException("expected {\"from\", \"to\", \"text\"}");
        }
        String from = digits(fields, "from");
        String to = digits(fields, "to");
        String text = fields == null ? null : fields.path("text").asString(null);
        if (from == null || to == null || text == null || text.isBlank()) {
            throw new IllegalArgumentException("expected {\"from\", \"to\", \"text\"}: phone numbers and a text");
        }
        String messageId = "wamid." + UUID.randomUUID().toString().replace("-", "");
        byte[] body = json.writeValueAsBytes(notification(from, to, fields.path("name").asString("+" + from), messageId, text));
        HttpResponse<String> answer = http.send(HttpRequest.newBuilder(webhook)
                .timeout(Duration.ofSeconds(30))
                .header("Content-Type", "application/json")
                .header("X-Hub-Signature-256", signature(body))
                .POST(HttpRequest.BodyPublishers.ofByteArray(body))
                .build(), HttpResponse.BodyHandlers.ofString());
        return new Sent(messageId, answer.statusCode());
    }

    private ObjectNode notification(String from, String to, String name, String messageId, String text) {
        ObjectNode notification = json.createObjectNode().put("object", "whatsapp_business_account");
        ObjectNode value = notification.putArray("entry").addObject().put("id", "0")
                .putArray("changes").addObject().put("field", "messages").putObject("value");
        value.put("messaging_product", "whatsapp");
        value.putObject("metadata").put("display_phone_number", to).put("phone_number_id", to);
        value.putArray("contacts").addObject().put("wa_id", from).putObject("profile").put("name", name);
        ObjectNode message = value.putArray("messages").addObject()
                .put("from", from).put("id", messageId).put("timestamp", Long.toString(Instant.now().getEpochSecond())).put("type", "text");
        message.putObject("text").put("body", text);
        return notification;
    }

    private String signature(byte[] body) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(appSecret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            return "sha256=" + HexFormat.of().formatHex(mac.doFinal(body));
        } catch (GeneralSecurityException unavailable) {
            throw new IllegalStateException("HmacSHA256 is unavailable", unavailable);
        }
    }

    /** A phone number's digits, as WhatsApp names numbers; null when the field holds none. */
    private static String digits(JsonNode fields, String field) {
        String value = fields == null ? null : fields.path(field).asString(null);
        String digits = value == null ? "" : value.replaceAll("[^0-9]", "");
        return digits.isEmpty() ? null : digits;
    }

    record Sent(String messageId, int webhookStatus) {
    }
}
