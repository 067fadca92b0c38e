package io.engagement.platform.event;

import java.time.Instant;
import java.util.List;

/**
 * A support ticket as it was written ({@link Topics#TICKET}, keyed {@code org:ticket_id}), when it
 * was created or after a change: the whole ticket either way, so a reader needs only the latest.
 */
public sealed interface TicketChanged extends DomainEvent permits TicketCreated, TicketUpdated {

    String ticketId();

    String status();

    String subject();

    String description();

    String customerId();

    String email();

    List<String> tags();

    String assigneeEmail();

    Instant timeCreated();

    Instant timeUpdated();
}
