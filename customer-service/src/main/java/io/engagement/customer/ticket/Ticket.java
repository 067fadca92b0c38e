package io.engagement.customer.ticket;

import java.time.Instant;
import java.util.List;

/**
 * A support ticket as the API shows it and as its events carry it.
 *
 * @param conversationId the widget conversation it was opened beside (the offline form's); null otherwise
 */
public record Ticket(
        String ticketId,
        String status,
        String subject,
        String description,
        String customerId,
        String email,
        List<String> tags,
        String assigneeEmail,
        Instant timeCreated,
        Instant timeUpdated,
        String conversationId) {

    static final String OPEN = "open";
    static final List<String> STATUSES = List.of(OPEN, "pending", "resolved", "closed");

    public Ticket {
        tags = List.copyOf(tags);
    }
}
