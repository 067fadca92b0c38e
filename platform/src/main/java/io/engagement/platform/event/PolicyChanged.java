package io.engagement.platform.event;

import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

import java.util.Optional;

/** A record of {@link Topics#ORGANIZATION} that carries an organization's changed {@link OrganizationPolicy}. */
public record PolicyChanged(long organizationId, OrganizationPolicy policy) {

    /** The policy a record's value carries; empty for a record of another type or one that cannot be read. */
    public static Optional<PolicyChanged> read(ObjectMapper json, String value) {
        if (value == null) {
            return Optional.empty();
        }
        JsonNode envelope;
        try {
            envelope = json.readTree(value);
        } catch (RuntimeException unreadable) {
            return Optional.empty();
        }
        if (!OrganizationPolicy.TYPE.equals(envelope.path("type").asString("")) || !envelope.path("org_id").isNumber()) {
            return Optional.empty();
        }
        // a policy published before a field was added reads that field as its zero (version 0)
        OrganizationPolicy policy = json.readerFor(OrganizationPolicy.class).without(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
                .readValue(envelope.get("data"));
        return Optional.of(new PolicyChanged(envelope.get("org_id").asLong(), policy));
    }
}
