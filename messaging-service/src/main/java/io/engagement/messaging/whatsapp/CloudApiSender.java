package io.engagement.messaging.whatsapp;

import io.engagement.messaging.MessagingProperties;
import io.engagement.messaging.delivery.DeliveryFailure;
import org.springframework.stereotype.Component;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/**
 * Sends a text through a WhatsApp Cloud API-compatible provider: {@code POST
 * {base-url}/{phone-number-id}/messages} with the bearer token. Blocks; it runs on a delivery
 * thread. A 4xx other than 408 and 429 is the provider refusing this message for good; anything
 * else that is not a 2xx, or no answer, is worth another attempt.
 */
@Component
class CloudApiSender {

    private final MessagingProperties.WhatsApp provider;
    private final ObjectMapper json;
    private final HttpClient http;

    CloudApiSender(MessagingProperties properties, ObjectMapper json) {
        this.provider = properties.whatsapp();
        this.json = json;
        this.http = HttpClient.newBuilder().connectTimeout(provider.timeout()).build();
    }

    /** Answers the provider's id of the message. */
    String send(WhatsAppRequested job) throws DeliveryFailure {
        HttpResponse<String> response;
        try {
            response = http.send(request(job), HttpResponse.BodyHandlers.ofString());
        } catch (IOException unreachable) {
            throw new DeliveryFailure("WhatsApp provider unreachable: " + unreachable, false, unreachable);
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            throw new DeliveryFailure("interrupted while sending to the WhatsApp provider", false, interrupted);
        }
        int status = response.statusCode();
        if (status / 100 == 2) {
            return providerMessageId(response.body());
        }
        boolean permanent = status / 100 == 4 && status != 408 && status != 429;
        throw new DeliveryFailure("WhatsApp provider answered " + status + ": " + abbreviated(response.body()), permanent, null);
    }

    private HttpRequest request(WhatsAppRequested job) {
        ObjectNode body = json.createObjectNode();
        body.put("messaging_product", "whatsapp");
        body.put("to", job.to());
        body.put("type", "text");
        body.putObject("text").put("body", job.message());
        return HttpRequest.newBuilder(messagesUri(job))
                .timeout(provider.timeout())
                .header("Authorization", "Bearer " + provider.token())
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(json.writeValueAsString(body)))
                .build();
    }

    /** The installation's phone-number id when configured, else the sending number's digits. */
    private URI messagesUri(WhatsAppRequested job) {
        String phoneNumberId = provider.phoneNumberId() == null || provider.phoneNumberId().isBlank()
                ? job.from().substring(1) : provider.phoneNumberId();
        String base = provider.baseUrl().endsWith("/") ? provider.baseUrl() : provider.baseUrl() + "/";
        return URI.create(base + phoneNumberId + "/messages");
    }

    /** {@code {"messages": [{"id": "wamid..."}]}}; a 2xx without it still took the message, so it is not an error. */
    private String providerMessageId(String body) {
        try {
            JsonNode id = json.readTree(body).path("messages").path(0).path("id");
            return id.isString() ? id.asString() : null;
        } catch (JacksonException unreadable) {
            return null;
        }
    }

    private static String abbreviated(String body) {
        return body.length() <= 200 ? body : body.substring(0, 200) + "...";
    }
}
