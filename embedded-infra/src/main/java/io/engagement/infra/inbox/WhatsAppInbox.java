package io.engagement.infra.inbox;

import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A stand-in for the WhatsApp Cloud API's {@code POST /{phone-number-id}/messages}: it takes text
 * messages with a bearer token and keeps them, oldest first, for the dev inbox to show.
 */
public final class WhatsAppInbox {

    private final JsonMapper json = JsonMapper.builder().build();
    private final List<ReceivedWhatsApp> received = new CopyOnWriteArrayList<>();

    /** Answers the stored message, or why the request is refused (the Cloud API's 400). */
    Optional<ReceivedWhatsApp> receive(String phoneNumberId, byte[] body) {
        JsonNode message;
        try {
            message = json.readTree(body);
        } catch (JacksonException unreadable) {
            return Optional.empty();
        }
        if (message == null || !"whatsapp".equals(message.path("messaging_product").asString(null))
                || !"text".equals(message.path("type").asString(null)) || !message.path("to").isString()
                || !message.path("text").path("body").isString()) {
            return Optional.empty();
        }
        ReceivedWhatsApp stored = new ReceivedWhatsApp("wamid." + UUID.randomUUID().toString().replace("-", ""), phoneNumberId,
                message.get("to").asString(), message.get("text").get("body").asString(), Instant.now());
        received.add(stored);
        return Optional.of(stored);
    }

    /** Everything received, oldest first. */
    public List<ReceivedWhatsApp> received() {
        return List.copyOf(received);
    }

    public void clear() {
        received.clear();
    }
}
