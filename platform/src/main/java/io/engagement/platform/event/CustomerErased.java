package io.engagement.platform.event;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A customer was erased ({@code customer.erased} on {@link Topics#CUSTOMER}, keyed
 * {@code org:customer_id}, followed by a tombstone for that key). It names the person as each
 * service may know them (public id, e-mail, phone, the sessions the customer service saw), so
 * every service forgets them from its own database without reading another's.
 */
public record CustomerErased(String customerId, String email, String whatsappNumber, List<String> sessionIds) {

    public static final String TYPE = "customer.erased";

    /** The erasure a record of the customer topic announces, with its organization; empty for every other record. */
    public static Optional<Erasure> of(ObjectMapper json, String value) {
        // every follower of the customer topic asks this of every customer event: a record that does not
        // name the type is not one, and is not worth a parse
        if (value == null || !value.contains(TYPE)) {
            return Optional.empty();
        }
        try {
            JsonNode envelope = json.readTree(value);
            if (!TYPE.equals(envelope.path("type").asString("")) || !envelope.path("org_id").isNumber()) {
                return Optional.empty();
            }
            JsonNode data = envelope.path("data");
            List<String> sessions = new ArrayList<>();
            data.path("session_ids").forEach(id -> sessions.add(id.asString()));
            return Optional.of(new Erasure(envelope.get("org_id").asLong(), new CustomerErased(text(data, "customer_id"),
                    text(data, "email"), text(data, "whatsapp_number"), List.copyOf(sessions))));
        } catch (RuntimeException unreadable) {
            return Optional.empty();
        }
    }

    private static String text(JsonNode data, String field) {
        String value = data.path(field).asString(null);
        return value == null || value.isBlank() ? null : value.strip();
    }

    /** An erased customer and their organization. */
    public record Erasure(long organizationId, CustomerErased customer) {
    }
}
