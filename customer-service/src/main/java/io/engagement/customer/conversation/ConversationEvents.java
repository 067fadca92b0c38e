package io.engagement.customer.conversation;

import io.engagement.platform.event.ConversationChanged;
import io.engagement.platform.event.ConversationCreated;
import io.engagement.platform.event.ConversationEmailRequested;
import io.engagement.platform.event.ConversationUpdated;
import io.engagement.platform.event.DocumentOutbox;
import io.engagement.platform.event.DomainEvent;
import io.engagement.platform.event.EntityOutbox;
import io.engagement.platform.event.MessageCreated;
import io.engagement.platform.event.TopicDeclarations;
import io.engagement.platform.event.Topics;
import org.apache.kafka.clients.admin.NewTopic;
import org.bson.Document;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import static io.engagement.platform.store.Documents.longOf;

/**
 * {@link ConversationCreated}, {@link ConversationUpdated} and {@link MessageCreated} on
 * {@code engagement.conversation.v1}, all keyed {@code org:conversation_id} so one conversation's
 * events keep their order; each carries what was written.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(ConversationMails.Properties.class)
class ConversationEvents {

    @Bean
    EntityOutbox<ConversationChanged> conversationOutbox(DocumentOutbox outbox) {
        return new EntityOutbox<>(outbox, ConversationStore.COLLECTION, Topics.CONVERSATION, document -> {
            ConversationState conversation = ConversationStore.fromDocument(document);
            Document mark = document.get(DocumentOutbox.PENDING, Document.class);
            boolean visitorSees = !Boolean.FALSE.equals(mark.getBoolean(ConversationStore.VISITOR_SEES));
            return new EntityOutbox.Entity<>(conversation.organizationId(), conversation.conversationId(),
                    changed(mark.getString("type"), conversation, visitorSees));
        });
    }

    @Bean
    EntityOutbox<MessageCreated> messageOutbox(DocumentOutbox outbox) {
        return new EntityOutbox<>(outbox, MessageStore.COLLECTION, Topics.CONVERSATION, document -> new EntityOutbox.Entity<>(
                longOf(document, "organization_id"), document.getString("conversation_id"),
                new MessageCreated(MessageStore.fromDocument(document), document.getString("channel"), document.getString("visitor_id"),
                        document.getString("verified_identity"))));
    }

    @Bean
    EntityOutbox<ConversationEmailRequested> conversationMailOutbox(DocumentOutbox outbox) {
        return new EntityOutbox<>(outbox, ConversationMails.COLLECTION, Topics.CONVERSATION_EMAIL, document -> new EntityOutbox.Entity<>(
                longOf(document, "organization_id"), document.getString("conversation_id"), ConversationMails.requestOf(document)));
    }

    /** Created here, where they are written, so the first conversation's events do not wait for anyone else. */
    @Bean
    NewTopic conversationTopic() {
        return TopicDeclarations.of(Topics.CONVERSATION);
    }

    @Bean
    NewTopic conversationEmailTopic() {
        return TopicDeclarations.of(Topics.CONVERSATION_EMAIL);
    }

    /**
     * The event a conversation's mark names: the envelope takes its type from the mark, so the record
     * must be of the same. It carries the visitor's view only when the visitor is to see the change.
     */
    private static ConversationChanged changed(String type, ConversationState conversation, boolean visitorSees) {
        if (DomainEvent.typeOf(ConversationCreated.class).equals(type)) {
            return new ConversationCreated(conversation.view(), conversation.visitorIdentity(), conversation.visitorView());
        }
        if (DomainEvent.typeOf(ConversationUpdated.class).equals(type)) {
            return new ConversationUpdated(conversation.view(), conversation.visitorIdentity(),
                    visitorSees ? conversation.visitorView() : null);
        }
        throw new IllegalArgumentException("A conversation marked for " + type + ", which is no conversation event");
    }
}
