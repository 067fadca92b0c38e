package io.engagement.customer.conversation;

import io.engagement.customer.customer.ErasedCustomerData;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * An erased customer's conversations go whole, with their messages and their sessions' context:
 * those of visitors verified as the customer, and those of anyone who gave the customer's e-mail.
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
    public Mono<Void> forget(long organizationId, String customerId, String email) {
        return conversations.idsOf(organizationId, customerId, email, null).collectList()
                .flatMap(ids -> conversations.sessionIdsOf(organizationId, ids)
                        .flatMap(sessionIds -> contexts.delete(organizationId, sessionIds))
                        .then(messages.deleteOf(organizationId, ids))
                        .then(conversations.delete(organizationId, ids)))
                .then(visitors.deleteOf(organizationId, customerId, email, null));
    }
}
