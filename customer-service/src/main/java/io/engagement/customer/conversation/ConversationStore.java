package io.engagement.customer.conversation;

import io.engagement.platform.event.ConversationChanged;
import io.engagement.platform.event.ConversationCreated;
import io.engagement.platform.event.ConversationUpdated;
import io.engagement.platform.event.ConversationVisitor;
import io.engagement.platform.event.DocumentOutbox;
import io.engagement.platform.event.EntityOutbox;
import io.engagement.platform.lifecycle.StartupWork;
import io.engagement.platform.page.PageEnvelope;
import io.engagement.platform.store.Indexes;
import io.engagement.platform.store.PagedFind;
import io.engagement.platform.store.EmailKey;
import io.engagement.platform.event.ConversationView;
import org.bson.Document;
import org.springframework.data.domain.Sort;
import org.springframework.data.mongodb.core.FindAndReplaceOptions;
import org.springframework.data.mongodb.core.ReactiveMongoTemplate;
import org.springframework.data.mongodb.core.index.Index;
import org.springframework.data.mongodb.core.query.Criteria;
import org.springframework.data.mongodb.core.query.Query;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.regex.Pattern;

import static io.engagement.platform.store.Documents.date;
import static io.engagement.platform.store.Documents.instantOf;

/**
 * Conversations, {@code _id} their public id, every query from the organization. A change replaces
 * the document only if its {@code version} is still the one read, and marks it for its
 * {@link ConversationUpdated} event in the same write; a write that lost a race reads again and
 * applies its change to what won.
 */
@Component
class ConversationStore implements StartupWork {

    static final String COLLECTION = "conversations";
    /** On an update's outbox mark: false when the change shows the visitor nothing, whose connections are then sent no frame. */
    static final String VISITOR_SEES = "visitor_sees";
    private static final int ATTEMPTS = 32;
    /** A visitor's own conversations, as the widget lists them. */
    static final int VISITOR_LIST_LIMIT = 100;
    private static final String NO_ONE = "";

    private final ReactiveMongoTemplate mongo;
    private final EntityOutbox<ConversationChanged> events;

    ConversationStore(ReactiveMongoTemplate mongo, EntityOutbox<ConversationChanged> events) {
        this.mongo = mongo;
        this.events = events;
    }

    @Override
    public Mono<Void> prepare() {
        return Indexes.ensure(mongo, COLLECTION,
                newestFirst(),
                newestFirst("status"),
                newestFirst("assignee_key"),
                newestFirst("visitor.visitor_id"),
                newestFirst("visitor_identity"),
                newestFirst("customer_key"));
    }

    /** Stores a new conversation, marked for its {@link ConversationCreated} event, which goes out once it is written. */
    Mono<ConversationState> insert(ConversationState conversation) {
        return mongo.insert(toDocument(conversation).append(DocumentOutbox.PENDING, DocumentOutbox.pendingMark(ConversationCreated.class)),
                        COLLECTION)
                .doOnNext(this::publish)
                .thenReturn(conversation);
    }

    Mono<ConversationState> find(long organizationId, String conversationId) {
        return mongo.findOne(byId(organizationId, conversationId), Document.class, COLLECTION).map(ConversationStore::fromDocument);
    }

    /**
     * Applies {@code change} to the conversation as stored and writes the result, marked for its
     * event, which goes out once it is written, unless another write came first: then it reads again
     * and applies the change to that.
     * A change that answers empty leaves the conversation as it is. Empty if there is no such
     * conversation.
     */
    Mono<Written> update(long organizationId, String conversationId, Function<ConversationState, Optional<ConversationState>> change) {
        return find(organizationId, conversationId).flatMap(current -> attempt(current, change, 1));
    }

    /** As {@link #update(long, String, Function)}, from {@code known} as the caller read it a moment ago, without reading it again first. */
    Mono<Written> update(ConversationState known, Function<ConversationState, Optional<ConversationState>> change) {
        return attempt(known, change, 1);
    }

    private Mono<Written> attempt(ConversationState current, Function<ConversationState, Optional<ConversationState>> change, int attempt) {
        Optional<ConversationState> changed = change.apply(current);
        if (changed.isEmpty()) {
            return Mono.just(new Written(current, false));
        }
        boolean visitorSees = !changed.get().visitorView().equals(current.visitorView());
        Document replacement = toDocument(changed.get().withVersion(current.version() + 1))
                .append(DocumentOutbox.PENDING, DocumentOutbox.pendingMark(ConversationUpdated.class).append(VISITOR_SEES, visitorSees));
        Query unchanged = Query.query(Criteria.where("_id").is(current.conversationId()).and("organization_id").is(current.organizationId())
                .and("version").is(current.version()));
        return mongo.findAndReplace(unchanged, replacement, FindAndReplaceOptions.options().returnNew(), Document.class, COLLECTION)
                .doOnNext(this::publish)
                .map(written -> new Written(fromDocument(written), true))
                .switchIfEmpty(Mono.defer(() -> {
                    if (attempt >= ATTEMPTS) {
                        return Mono.error(new IllegalStateException("Conversation " + current.conversationId() + " kept changing under "
                                + ATTEMPTS + " attempts to write it"));
                    }
                    return find(current.organizationId(), current.conversationId()).flatMap(fresh -> attempt(fresh, change, attempt + 1));
                }));
    }

    private void publish(Document written) {
        events.publish(List.of(written));
    }

    /**
     * A page of the organization's conversations; with {@code q}, only those whose visitor matches it
     * or that hold one of {@code matchingIds} (the conversations whose messages match it).
     */
    Mono<PageEnvelope<ConversationState>> page(long organizationId, ConversationQuery query, List<String> matchingIds) {
        Criteria filter = Criteria.where("organization_id").is(organizationId);
        query.q().ifPresent(text -> {
            Pattern contains = Pattern.compile(Pattern.quote(text), Pattern.CASE_INSENSITIVE);
            filter.orOperator(Criteria.where("_id").in(matchingIds), Criteria.where("visitor.name").regex(contains),
                    Criteria.where("visitor.email").regex(contains), Criteria.where("visitor.whatsapp_number").regex(contains));
        });
        query.status().ifPresent(status -> filter.and("status").is(status));
        if (query.assigneeEmail().isPresent()) {
            // an assignee and unassigned=true together ask for what cannot be: no conversation has both
            filter.and("assignee_key").is(query.unassigned().orElse(false) ? NO_ONE : EmailKey.of(query.assigneeEmail().get()));
        } else if (query.unassigned().isPresent()) {
            if (query.unassigned().get()) {
                filter.and("assignee_key").is(null);
            } else {
                filter.and("assignee_key").ne(null);
            }
        }
        query.channel().ifPresent(channel -> filter.and("channel").is(channel));
        query.customerId().ifPresent(customerId -> filter.and("customer_key").is(customerId));
        return PagedFind.page(mongo, COLLECTION, filter, "last_activity_at", false, query.page())
                .map(PagedFind.mapped(ConversationStore::fromDocument));
    }

    /** The conversations the visitor may see, newest activity first: its own, and its verified identity's. */
    /** The open conversations an agent holds (by e-mail key), on the {@code organization_id, assignee_key} index. */
    Flux<ConversationState> openOf(long organizationId, String assigneeKey) {
        Query query = Query.query(Criteria.where("organization_id").is(organizationId).and("assignee_key").is(assigneeKey)
                .and("status").is(ConversationView.OPEN));
        return mongo.find(query, Document.class, COLLECTION).map(ConversationStore::fromDocument);
    }

    Flux<ConversationState> ofVisitor(Visitor visitor) {
        Criteria own = Criteria.where("visitor.visitor_id").is(visitor.visitorId());
        Criteria seen = visitor.verifiedIdentity() == null ? own
                : new Criteria().orOperator(own, Criteria.where("visitor_identity").is(visitor.verifiedIdentity()));
        Query query = Query.query(Criteria.where("organization_id").is(visitor.organizationId()).andOperator(seen))
                .with(Sort.by(Sort.Direction.DESC, "last_activity_at")).limit(VISITOR_LIST_LIMIT);
        return mongo.find(query, Document.class, COLLECTION).map(ConversationStore::fromDocument);
    }

    /** Every conversation of a visitor verified as the customer, or carrying their e-mail or number; safe to repeat. */
    Flux<String> idsOf(long organizationId, String customerId, String email, String whatsappNumber) {
        List<Criteria> whose = new ArrayList<>();
        if (customerId != null) {
            whose.add(Criteria.where("customer_key").is(customerId));
        }
        if (email != null) {
            whose.add(Criteria.where("email_key").is(EmailKey.of(email)));
        }
        if (whatsappNumber != null) {
            whose.add(Criteria.where("visitor.whatsapp_number").is(whatsappNumber));
        }
        if (whose.isEmpty()) {
            return Flux.empty();
        }
        Query query = Query.query(Criteria.where("organization_id").is(organizationId).orOperator(whose.toArray(Criteria[]::new)));
        query.fields().include("_id");
        return mongo.find(query, Document.class, COLLECTION).map(document -> document.getString("_id"));
    }

    /** The sessions the conversations were held in. */
    Mono<List<String>> sessionIdsOf(long organizationId, List<String> conversationIds) {
        if (conversationIds.isEmpty()) {
            return Mono.just(List.of());
        }
        Query query = Query.query(Criteria.where("organization_id").is(organizationId).and("_id").in(conversationIds).and("session_id").ne(null));
        query.fields().include("session_id");
        return mongo.find(query, Document.class, COLLECTION).map(document -> document.getString("session_id")).distinct().collectList();
    }

    Mono<Void> delete(long organizationId, List<String> conversationIds) {
        return conversationIds.isEmpty() ? Mono.empty()
                : mongo.remove(Query.query(Criteria.where("organization_id").is(organizationId).and("_id").in(conversationIds)), COLLECTION)
                .then();
    }

    private static Index newestFirst(String... filtered) {
        Index index = new Index().on("organization_id", Sort.Direction.ASC);
        for (String field : filtered) {
            index.on(field, Sort.Direction.ASC);
        }
        return index.on("last_activity_at", Sort.Direction.DESC).on("_id", Sort.Direction.DESC);
    }

    private static Query byId(long organizationId, String conversationId) {
        return Query.query(Criteria.where("_id").is(conversationId).and("organization_id").is(organizationId));
    }

    static Document toDocument(ConversationState conversation) {
        ConversationVisitor visitor = conversation.visitor();
        return new Document("_id", conversation.conversationId())
                .append("organization_id", conversation.organizationId())
                .append("channel", conversation.channel())
                .append("status", conversation.status())
                .append("visitor", new Document("visitor_id", visitor.visitorId())
                        .append("name", visitor.name())
                        .append("email", visitor.email())
                        .append("customer_id", visitor.customerId())
                        .append("whatsapp_number", visitor.whatsappNumber())
                        .append("verified", visitor.verified()))
                .append("visitor_identity", conversation.visitorIdentity())
                // only a verified visitor is the customer; a claim is shown, never filtered or erased by
                .append("customer_key", visitor.verified() ? visitor.customerId() : null)
                .append("email_key", EmailKey.of(visitor.email()))
                .append("session_id", conversation.sessionId())
                .append("assignee_email", conversation.assigneeEmail())
                .append("assignee_key", EmailKey.of(conversation.assigneeEmail()))
                .append("assignee_name", conversation.assigneeName())
                .append("tags", conversation.tags())
                .append("created_at", date(conversation.createdAt()))
                .append("last_activity_at", date(conversation.lastActivityAt()))
                .append("visitor_activity_at", date(conversation.visitorActivityAt()))
                .append("waiting_since", optionalDate(conversation.waitingSince()))
                .append("first_reply_at", optionalDate(conversation.firstReplyAt()))
                .append("unread_seqs", conversation.reading().unreadSeqs())
                .append("visitor_unread_seqs", conversation.reading().visitorUnreadSeqs())
                .append("visitor_last_read_seq", conversation.reading().visitorLastReadSeq())
                .append("agent_last_read_seq", conversation.reading().agentLastReadSeq())
                .append("last_agent_reply_seq", conversation.reading().lastAgentReplySeq())
                .append("reply_unread_since", optionalDate(conversation.reading().replyUnreadSince()))
                .append("mailed_through_seq", conversation.reading().mailedThroughSeq())
                .append("rating", conversation.rating())
                .append("rating_comment", conversation.ratingComment())
                .append("snoozed_until", optionalDate(conversation.snoozedUntil()))
                .append("last_seq", conversation.lastSeq())
                .append("bot_silenced", conversation.botSilenced())
                .append("version", conversation.version());
    }

    static ConversationState fromDocument(Document document) {
        Document visitor = document.get("visitor", Document.class);
        return new ConversationState(
                document.getString("_id"),
                number(document, "organization_id").longValue(),
                document.getString("channel"),
                document.getString("status"),
                new ConversationVisitor(visitor.getString("visitor_id"), visitor.getString("name"), visitor.getString("email"),
                        visitor.getString("customer_id"), visitor.getString("whatsapp_number"), Boolean.TRUE.equals(visitor.getBoolean("verified"))),
                document.getString("visitor_identity"),
                document.getString("session_id"),
                document.getString("assignee_email"),
                document.getString("assignee_name"),
                document.getList("tags", String.class, List.of()),
                instantOf(document, "created_at"),
                instantOf(document, "last_activity_at"),
                // written before the visitor's side was kept apart: what the agents saw is the best known
                Optional.ofNullable(optionalInstant(document, "visitor_activity_at")).orElseGet(() -> instantOf(document, "last_activity_at")),
                optionalInstant(document, "waiting_since"),
                optionalInstant(document, "first_reply_at"),
                new Reading(seqs(document, "unread_seqs"), seqs(document, "visitor_unread_seqs"),
                        number(document, "visitor_last_read_seq").longValue(),
                        number(document, "agent_last_read_seq").longValue(),
                        number(document, "last_agent_reply_seq").longValue(),
                        optionalInstant(document, "reply_unread_since"),
                        number(document, "mailed_through_seq").longValue()),
                document.get("rating") == null ? null : number(document, "rating").intValue(),
                document.getString("rating_comment"),
                optionalInstant(document, "snoozed_until"),
                number(document, "last_seq").longValue(),
                Boolean.TRUE.equals(document.getBoolean("bot_silenced")),
                number(document, "version").longValue());
    }

    private static List<Long> seqs(Document document, String field) {
        return document.getList(field, Number.class, List.of()).stream().map(Number::longValue).toList();
    }

    private static Number number(Document document, String field) {
        return document.get(field, Number.class);
    }

    private static java.util.Date optionalDate(Instant instant) {
        return instant == null ? null : date(instant);
    }

    private static Instant optionalInstant(Document document, String field) {
        return document.get(field) == null ? null : instantOf(document, field);
    }

    /** A conversation as written; {@code changed} is false when the change left it as it was, and nothing was written. */
    record Written(ConversationState conversation, boolean changed) {
    }
}
