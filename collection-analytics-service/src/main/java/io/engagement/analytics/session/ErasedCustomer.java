package io.engagement.analytics.session;

import io.engagement.platform.event.CustomerErased;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * What session intelligence needs of a {@link CustomerErased}: whom to forget (their public id and
 * e-mail, as sessions name them) and the sessions the customer service knew of. The stream reads it
 * from the envelope it already parsed.
 */
record ErasedCustomer(long organizationId, String customerId, String email, List<String> sessionIds) {


    /** Empty for every other record of the topic, tombstones included. */
    static Optional<ErasedCustomer> of(ObjectMapper json, String value) {
        return CustomerErased.of(json, value).map(erasure -> new ErasedCustomer(erasure.organizationId(),
                erasure.customer().customerId(), erasure.customer().email(), erasure.customer().sessionIds()));
    }

    static Optional<ErasedCustomer> of(JsonNode envelope) {
        if (!CustomerErased.TYPE.equals(envelope.path("type").asString("")) || !envelope.path("org_id").isNumber()) {
            return Optional.empty();
        }
        JsonNode data = envelope.path("data");
        List<String> sessions = new ArrayList<>();
        data.path("session_ids").forEach(id -> sessions.add(id.asString()));
        return Optional.of(new ErasedCustomer(envelope.get("org_id").asLong(), blankToNull(data.path("customer_id").asString(null)),
                blankToNull(data.path("email").asString(null)), List.copyOf(sessions)));
    }

    /** Whether a session is this person's: it names their public id or their e-mail (in any case). */
    boolean owns(SessionState session) {
        return session.organizationId() == organizationId
                && (customerId != null && customerId.equals(session.customerId()) || sessionIds.contains(session.sessionId())
                || email != null && session.email() != null && email.toLowerCase(Locale.ROOT).equals(session.email().strip().toLowerCase(Locale.ROOT)));
    }

    private static String blankToNull(String value) {
        return value == null || value.isBlank() ? null : value.strip();
    }
}
