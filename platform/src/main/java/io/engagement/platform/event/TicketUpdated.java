package io.engagement.platform.event;

import java.time.Instant;
import java.util.List;

/** A support ticket was updated; the ticket as written. */
@EventType("ticket.updated")
public record TicketUpdated(String ticketId, String status, String subject, String description, String customerId, String email,
                            List<String> tags, String assigneeEmail, Instant timeCreated, Instant timeUpdated,
                            String conversationId) implements TicketChanged {

    public TicketUpdated {
        tags = tags == null ? List.of() : List.copyOf(tags);
    }
}
