package io.engagement.customer.conversation;

import io.engagement.platform.event.DocumentOutbox;
import io.engagement.platform.event.EntityOutbox;
import io.engagement.platform.event.MessageCreated;
import io.engagement.platform.event.MessageView;
import io.engagement.platform.lifecycle.StartupWork;
import org.bson.Document;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.data.domain.Sort;
import org.springframework.data.mongodb.core.ReactiveMongoTemplate;
import org.springframework.data.mongodb.core.index.Index;
import org.springframework.data.mongodb.core.query.Criteria;
import org.springframework.data.mongodb.core.query.Query;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import java.util.List;
import java.util.regex.Pattern;

import static io.engagement.platform.store.Documents.date;
import static io.engagement.platform.store.Documents.instantOf;

/**
 * Messages, one document each. A message takes the next {@code seq} of its conversation by being
 * inserted with it: the unique index on {@code (organization_id, conversation_id, seq)} refuses a
 * seq another writer took first, and the writer tries the next one. A seq is therefore only ever
 * given to a message that was stored, once, whichever replica wrote it: no gaps, no repeats.
 * A message with a key ({@link MessageDraft}: a client's {@code client_id}, or what one of the
 * service's own messages answers) is stored under an {@code _id} made of it, so a second send of the
 * same message finds the first instead of being stored again.
 */
@Component
class MessageStore implements StartupWork {

    static final String COLLECTION = "conversation_messages";
    private static final int ATTEMPTS = 64;

    private final ReactiveMongoTemplate mongo;
    private final EntityOutbox<MessageCreated> events;

    MessageStore(ReactiveMongoTemplate mongo, EntityOutbox<MessageCreated> events) {
        this.mongo = mongo;
        this.events = events;
    }

    @Override
    public Mono<Void> prepare() {
        return mongo.indexOps(COLLECTION)
                .createIndex(new Index().on("organization_id", Sort.Direction.ASC).on("conversation_id", Sort.Direction.ASC)
                        .on("seq", Sort.Direction.ASC).unique())
                .then();
    }

    /**
     * Stores the message with the first free seq from {@code firstSeq} on, marked for its
     * {@link MessageCreated} event, which goes out once it is written; or finds the message stored
     * before with the same client id.
     */
    Mono<Appended> append(long organizationId, ConversationState conversation, MessageDraft draft) {
        return attempt(organizationId, conversation, draft, conversation.lastSeq() + 1, 1);
    }

    private Mono<Appended> attempt(long organizationId, ConversationState conversation, MessageDraft draft, long seq, int attempt) {
        Document document = toDocument(organizationId, conversation, draft.key(), draft.at(seq))
                .append(DocumentOutbox.PENDING, DocumentOutbox.pendingMark(MessageCreated.class));
        return mongo.insert(document, COLLECTION)
                .doOnNext(written -> events.publish(List.of(written)))
                .map(written -> new Appended(fromDocument(written), true))
                .onErrorResume(DuplicateKeyException.class, taken -> sentBefore(organizationId, conversation, draft)
                        .map(earlier -> new Appended(earlier, false))
                        .switchIfEmpty(Mono.defer(() -> attempt < ATTEMPTS ? attempt(organizationId, conversation, draft, seq + 1, attempt + 1)
                                : Mono.error(new IllegalStateException("No free message seq in conversation " + conversation.conversationId()
                                + " after " + ATTEMPTS + " attempts")))));
    }

    /**
     * The conversations of the organization with a message (a private note too) containing
     * {@code text}, ignoring case; at most {@code limit}, the ones most recently written to first.
     */
    Mono<List<String>> conversationsMentioning(long organizationId, String text, int limit) {
        Query query = Query.query(Criteria.where("organization_id").is(organizationId)
                        .and("content").regex(Pattern.compile(Pattern.quote(text), Pattern.CASE_INSENSITIVE)))
                .with(Sort.by(Sort.Direction.DESC, "created_at"));
        query.fields().include("conversation_id");
        return mongo.find(query, Document.class, COLLECTION).map(found -> found.getString("conversation_id")).distinct().take(limit)
                .collectList();
    }

    /** The message stored before under the draft's key; empty for a draft without one. */
    Mono<MessageView> sentBefore(long organizationId, ConversationState conversation, MessageDraft draft) {
        if (draft.key() == null) {
            return Mono.empty();
        }
        return mongo.findOne(Query.query(Criteria.where("_id").is(keyed(conversation.conversationId(), draft.key()))
                        .and("organization_id").is(organizationId)), Document.class, COLLECTION)
                .map(MessageStore::fromDocument);
    }

    /**
     * Messages with a seq after {@code after}, ascending, at most {@code limit} plus one (so the
     * caller knows whether there are more); private notes only when asked for.
     */
    Flux<MessageView> after(long organizationId, String conversationId, long after, int limit, boolean withPrivateNotes) {
        Criteria filter = Criteria.where("organization_id").is(organizationId).and("conversation_id").is(conversationId).and("seq").gt(after);
        if (!withPrivateNotes) {
            filter.and("private").is(false);
        }
        return mongo.find(Query.query(filter).with(Sort.by(Sort.Direction.ASC, "seq")).limit(limit + 1), Document.class, COLLECTION)
                .map(MessageStore::fromDocument);
    }

    Mono<Void> deleteOf(long organizationId, List<String> conversationIds) {
        return conversationIds.isEmpty() ? Mono.empty()
                : mongo.remove(Query.query(Criteria.where("organization_id").is(organizationId).and("conversation_id").in(conversationIds)),
                COLLECTION).then();
    }

    private static String keyed(String conversationId, String key) {
        return conversationId + ":" + key;
    }

    private static Document toDocument(long organizationId, ConversationState conversation, String key, MessageView message) {
        String id = key != null ? keyed(conversation.conversationId(), key) : conversation.conversationId() + ":seq:" + message.seq();
        Document document = new Document("_id", id)
                .append("organization_id", organizationId)
                .append("conversation_id", conversation.conversationId())
                .append("message_id", message.messageId())
                .append("seq", message.seq())
                .append("sender_type", message.sender().type())
                .append("sender_email", message.sender().email())
                .append("sender_name", message.sender().name())
                .append("sender_person_id", message.sender().personId())
                .append("sender_via", message.sender().via())
                .append("content", message.content())
                .append("private", message.isPrivate())
                .append("client_id", message.clientId())
                .append("created_at", date(message.createdAt()))
                .append("confidence", message.confidence())
                // who may see it, for its event: the conversation's channel and visitor as they were
                .append("channel", conversation.channel())
                .append("visitor_id", conversation.visitorId())
                .append("verified_identity", conversation.visitorIdentity());
        if (message.sources() != null) {
            document.append("sources", message.sources().stream().map(source -> new Document("source_id", source.sourceId())
                    .append("name", source.name()).append("excerpt", source.excerpt())).toList());
        }
        if (message.delivery() != null) {
            document.append("delivery", new Document("channel", message.delivery().channel()).append("status", message.delivery().status())
                    .append("message_id", message.delivery().messageId()));
        }
        return document;
    }

    static MessageView fromDocument(Document document) {
        List<Document> sources = document.getList("sources", Document.class);
        Document delivery = document.get("delivery", Document.class);
        Number confidence = document.get("confidence", Number.class);
        return new MessageView(
                document.getString("message_id"),
                document.getString("conversation_id"),
                document.get("seq", Number.class).longValue(),
                new MessageView.Sender(document.getString("sender_type"), document.getString("sender_email"), document.getString("sender_name"),
                        document.getString("sender_person_id"), document.getString("sender_via")),
                document.getString("content"),
                Boolean.TRUE.equals(document.getBoolean("private")),
                document.getString("client_id"),
                instantOf(document, "created_at"),
                sources == null ? null : sources.stream().map(source -> new MessageView.Source(source.getString("source_id"),
                        source.getString("name"), source.getString("excerpt"))).toList(),
                confidence == null ? null : confidence.doubleValue(),
                delivery == null ? null : new MessageView.Delivery(delivery.getString("channel"), delivery.getString("status"),
                        delivery.getString("message_id")));
    }

    /** A message as stored; {@code stored} is true when it was stored just now, false when it had been before. */
    record Appended(MessageView message, boolean stored) {
    }
}
