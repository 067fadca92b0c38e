package io.engagement.customer.ticket;

import io.engagement.platform.event.DocumentOutbox;
import io.engagement.platform.event.EntityOutbox;
import io.engagement.platform.event.TopicDeclarations;
import io.engagement.platform.event.Topics;
import org.apache.kafka.clients.admin.NewTopic;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import static io.engagement.platform.store.Documents.longOf;

/**
 * {@code ticket.created} and {@code ticket.updated} on {@code engagement.ticket.v1}, keyed
 * {@code org:ticket_id}, each with the whole ticket as it was written.
 */
@Configuration(proxyBeanMethods = false)
class TicketEvents {

    static final String CREATED = "ticket.created";
    static final String UPDATED = "ticket.updated";

    @Bean
    EntityOutbox<Ticket> ticketOutbox(DocumentOutbox outbox) {
        return new EntityOutbox<>(outbox, TicketStore.COLLECTION, Topics.TICKET, document -> {
            Ticket ticket = TicketStore.fromDocument(document);
            return new EntityOutbox.Entity<>(longOf(document, "organization_id"), ticket.ticketId(), ticket);
        });
    }

    /** Created here, where it is written, so the first ticket's event does not wait for anyone else. */
    @Bean
    NewTopic ticketTopic() {
        return TopicDeclarations.of(Topics.TICKET);
    }
}
