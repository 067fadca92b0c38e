package io.engagement.messaging.reminder;

import tools.jackson.databind.JsonNode;

import java.time.Instant;
import java.util.Optional;

/** A ticket as its {@code ticket.created} or {@code ticket.updated} event carries it: what reminders need of it. */
record TicketSnapshot(long organizationId, String ticketId, String status, String subject, String email, String customerId,
                      Instant timeUpdated) {

    /** The status of a ticket that waits on its customer's answer. */
    static final String PENDING = "pending";

    boolean isPending() {
        return PENDING.equals(status);
    }

    /** The ticket an event of {@code engagement.ticket.v1} carries; empty for a record that is not one. */
    static Optional<TicketSnapshot> of(JsonNode envelope) {
        JsonNode data = envelope.path("data");
        if (!envelope.path("org_id").isNumber() || text(data, "ticket_id") == null || text(data, "status") == null
                || text(data, "time_updated") == null) {
            return Optional.empty();
        }
        try {
            return Optional.of(new TicketSnapshot(envelope.get("org_id").asLong(), text(data, "ticket_id"), text(data, "status"),
                    text(data, "subject"), text(data, "email"), text(data, "customer_id"), Instant.parse(text(data, "time_updated"))));
        } catch (RuntimeException unreadable) {
            return Optional.empty();
        }
    }

    private static String text(JsonNode data, String field) {
        String value = data.path(field).asString(null);
        return value == null || value.isBlank() ? null : value;
    }
}
