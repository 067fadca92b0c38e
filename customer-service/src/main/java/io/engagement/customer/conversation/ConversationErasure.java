package io.engagement.customer.conversation;

import io.engagement.customer.directory.ErasedCustomerData;
import io.engagement.platform.event.CustomerErased;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * An erased customer's conversations go whole, with their messages and their sessions' context:
 * those of visitors verified as the customer, those of anyone who gave the customer's e-mail, and
 * the WhatsApp conversations of the customer's number.
 * Their visitors go too, so no token of theirs opens anything again.
 */
@Component
class ConversationErasure implements ErasedCustomerData {

    private final ConversationStore conversations;
    private final MessageStore messages;
    private final SessionContextStore contexts;
    private final VisitorStore visitors;

    ConversationErasure(ConversationStore conversations, MessageStore messages, SessionContextStore contexts, VisitorStore visitors) {
        this.conversations = conversations;
        this.messages = messages;
        this.contexts = contexts;
        this.visitors = visitors;
    }

    @Override
    public Mono<Void> forget(long organizationId, CustomerErased erased) {
        String whatsappNumber = WhatsAppNumbers.normalized(erased.whatsappNumber());
        return conversations.idsOf(organizationId, erased.customerId(), erased.email(), whatsappNumber).collectList()
                .flatMap(ids -> conversations.sessionIdsOf(organizationId, ids)
                        .flatMap(sessionIds -> contexts.delete(organizationId, sessionIds))
                        .then(messages.deleteOf(organizationId, ids))
                        .then(conversations.delete(organizationId, ids)))
                .then(visitors.deleteOf(organizationId, erased.customerId(), erased.email(), whatsappNumber));
    }
}
