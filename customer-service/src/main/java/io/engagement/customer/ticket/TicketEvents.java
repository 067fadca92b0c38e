package io.engagement.customer.ticket;

import io.engagement.platform.event.DocumentOutbox;
import io.engagement.platform.event.DomainEvent;
import io.engagement.platform.event.EntityOutbox;
import io.engagement.platform.event.TicketChanged;
import io.engagement.platform.event.TicketCreated;
import io.engagement.platform.event.TicketUpdated;
import io.engagement.platform.event.TopicDeclarations;
import io.engagement.platform.event.Topics;
import org.apache.kafka.clients.admin.NewTopic;
import org.bson.Document;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import static io.engagement.platform.store.Documents.longOf;

/**
 * {@link TicketCreated} and {@link TicketUpdated} on {@code engagement.ticket.v1}, keyed
 * {@code org:ticket_id}, each with the whole ticket as it was written.
 */
@Configuration(proxyBeanMethods = false)
class TicketEvents {

    @Bean
    EntityOutbox<TicketChanged> ticketOutbox(DocumentOutbox outbox) {
        return new EntityOutbox<>(outbox, TicketStore.COLLECTION, Topics.TICKET, document -> {
            Ticket ticket = TicketStore.fromDocument(document);
            String type = document.get(DocumentOutbox.PENDING, Document.class).getString("type");
            return new EntityOutbox.Entity<>(longOf(document, "organization_id"), ticket.ticketId(), changed(type, ticket));
        });
    }

    /** Created here, where it is written, so the first ticket's event does not wait for anyone else. */
    @Bean
    NewTopic ticketTopic() {
        return TopicDeclarations.of(Topics.TICKET);
    }

    /** The event a ticket's mark names: the envelope takes its type from the mark, so the record must be of the same. */
    static TicketChanged changed(String type, Ticket ticket) {
        if (DomainEvent.typeOf(TicketCreated.class).equals(type)) {
            return new TicketCreated(ticket.ticketId(), ticket.status(), ticket.subject(), ticket.description(), ticket.customerId(),
                    ticket.email(), ticket.tags(), ticket.assigneeEmail(), ticket.timeCreated(), ticket.timeUpdated(), ticket.conversationId());
        }
        if (DomainEvent.typeOf(TicketUpdated.class).equals(type)) {
            return new TicketUpdated(ticket.ticketId(), ticket.status(), ticket.subject(), ticket.description(), ticket.customerId(),
                    ticket.email(), ticket.tags(), ticket.assigneeEmail(), ticket.timeCreated(), ticket.timeUpdated(), ticket.conversationId());
        }
        throw new IllegalArgumentException("A ticket marked for " + type + ", which is no ticket event");
    }
}
