package io.engagement.messaging.reminder;

import io.engagement.platform.event.TicketChanged;

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

    /** The ticket an event carries; empty for one without the id, status and update time that order and schedule reminders. */
    static Optional<TicketSnapshot> of(long organizationId, TicketChanged ticket) {
        if (present(ticket.ticketId()) == null || present(ticket.status()) == null || ticket.timeUpdated() == null) {
            return Optional.empty();
        }
        return Optional.of(new TicketSnapshot(organizationId, ticket.ticketId(), ticket.status(), present(ticket.subject()),
                present(ticket.email()), present(ticket.customerId()), ticket.timeUpdated()));
    }

    private static String present(String value) {
        return value == null || value.isBlank() ? null : value;
    }
}
