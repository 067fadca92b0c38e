package io.engagement.platform.event;

import java.time.Instant;
import java.util.List;

/** A support ticket was created; the ticket as written. */
@EventType("ticket.created")
public record TicketCreated(String ticketId, String status, String subject, String description, String customerId, String email,
                            List<String> tags, String assigneeEmail, Instant timeCreated, Instant timeUpdated,
                            String conversationId) implements TicketChanged {

    public TicketCreated {
        tags = tags == null ? List.of() : List.copyOf(tags);
    }
}
