package io.engagement.customer.conversation;

import io.engagement.platform.event.ConversationEmailRequested;
import io.engagement.platform.event.ConversationView;
import io.engagement.platform.event.DocumentOutbox;
import io.engagement.platform.event.EntityOutbox;
import io.engagement.platform.event.MessageView;
import io.engagement.platform.lifecycle.PollingLoop;
import org.bson.Document;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.data.mongodb.core.ReactiveMongoTemplate;
import org.springframework.data.mongodb.core.query.Criteria;
import org.springframework.data.mongodb.core.query.Query;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

import static io.engagement.platform.store.Documents.longOf;

/**
 * E-mails a widget visitor the agent replies they have not read {@code unread-after} after the
 * first of them, every unread message since the last such mail, once, through the messaging
 * service's queue ({@link ConversationEmailRequested}). The mail is stored before the conversation
 * is marked mailed, under an id made of the conversation and the last seq it covers: two replicas
 * sweeping at once, or a crash between the two writes, still make one mail.
 */
@Component
class ConversationMails extends PollingLoop {

    static final String COLLECTION = "conversation_mails";
    private static final int DUE_PER_SWEEP = 200;

    private final ReactiveMongoTemplate mongo;
    private final ConversationStore conversations;
    private final MessageStore messages;
    private final EntityOutbox<ConversationEmailRequested> mails;
    private final Properties properties;

    ConversationMails(ReactiveMongoTemplate mongo, ConversationStore conversations, MessageStore messages,
                      EntityOutbox<ConversationEmailRequested> mails, Properties properties) {
        super(properties.sweepEvery(), LoggerFactory.getLogger(ConversationMails.class), "unread replies to e-mail");
        this.mongo = mongo;
        this.conversations = conversations;
        this.messages = messages;
        this.mails = mails;
        this.properties = properties;
    }

    @Override
    protected Mono<Void> poll() {
        Query due = Query.query(Criteria.where("channel").is(ConversationView.WIDGET)
                .and("reply_unread_since").lte(Date.from(Instant.now().minus(properties.unreadAfter())))).limit(DUE_PER_SWEEP);
        return mongo.find(due, Document.class, ConversationStore.COLLECTION)
                .map(ConversationStore::fromDocument)
                .concatMap(this::mail)
                .then();
    }

    /** The mail of what the visitor has not read, then the conversation marked as mailed through its last message. */
    private Mono<Void> mail(ConversationState conversation) {
        long through = conversation.lastSeq();
        long after = Math.max(conversation.reading().mailedThroughSeq(), conversation.reading().visitorLastReadSeq());
        Mono<Void> stored = conversation.visitor().email() == null ? Mono.empty()
                : messages.after(conversation.organizationId(), conversation.conversationId(), after, MessagePage.MAX_LIMIT, false)
                .filter(message -> MessageView.AGENT.equals(message.sender().type()) || MessageView.BOT.equals(message.sender().type()))
                .collectList()
                .flatMap(unread -> unread.isEmpty() ? Mono.empty() : store(conversation, through, unread));
        return stored.then(conversations.update(conversation,
                        current -> current.reading().replyUnreadSince() == null ? Optional.empty() : Optional.of(current.mailedThrough(through))))
                .then();
    }

    private Mono<Void> store(ConversationState conversation, long through, List<MessageView> unread) {
        String mailId = conversation.conversationId() + ":" + through;
        Document mail = new Document("_id", mailId)
                .append("organization_id", conversation.organizationId())
                .append("conversation_id", conversation.conversationId())
                .append("to_email", conversation.visitor().email())
                .append("subject", "New reply to your conversation")
                .append("text", text(unread))
                .append("through_seq", through)
                .append("customer_id", conversation.visitor().verified() ? conversation.visitor().customerId() : null)
                .append(DocumentOutbox.PENDING, DocumentOutbox.pendingMark(ConversationEmailRequested.class));
        return mongo.insert(mail, COLLECTION)
                .doOnNext(written -> mails.publish(List.of(written)))
                .onErrorResume(DuplicateKeyException.class, mailedBefore -> Mono.empty())
                .then();
    }

    private static String text(List<MessageView> unread) {
        return "You have unread replies in your conversation:\n\n" + unread.stream()
                .map(message -> (message.sender().email() != null ? message.sender().email() : "Support") + ":\n" + message.content())
                .collect(Collectors.joining("\n\n")) + "\n\nReply in the chat on our website to continue.\n";
    }

    static ConversationEmailRequested requestOf(Document mail) {
        return new ConversationEmailRequested(mail.getString("_id"), mail.getString("conversation_id"), mail.getString("to_email"),
                mail.getString("subject"), mail.getString("text"), longOf(mail, "through_seq", 0), mail.getString("customer_id"));
    }

    /**
     * @param unreadAfter how long an agent's reply may stay unread before it is e-mailed ({@code ENGAGEMENT_CONVERSATION_UNREAD_AFTER})
     * @param sweepEvery  how often replies due are looked for
     */
    @ConfigurationProperties("engagement.conversation")
    record Properties(@DefaultValue("PT2M") Duration unreadAfter, @DefaultValue("PT15S") Duration sweepEvery) {
    }
}
