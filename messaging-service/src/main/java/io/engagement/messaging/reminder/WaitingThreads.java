package io.engagement.messaging.reminder;

import io.engagement.platform.lifecycle.StartupWork;
import io.engagement.platform.store.ExpiringCollection;
import org.bson.Document;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.data.domain.Sort;
import org.springframework.data.mongodb.core.ReactiveMongoTemplate;
import org.springframework.data.mongodb.core.index.Index;
import org.springframework.data.mongodb.core.query.Criteria;
import org.springframework.data.mongodb.core.query.Query;
import org.springframework.data.mongodb.core.query.Update;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import java.time.Instant;
import java.util.Date;
import java.util.Locale;

import static io.engagement.platform.store.Documents.date;
import static io.engagement.platform.store.Documents.longOf;

/**
 * The reminder state of each followed thread, one document per ticket or conversation
 * ({@code org:<id>}; the field {@code ticket_id} holds either, {@code kind} tells them apart and is
 * absent on tickets followed before conversations were). Every write is conditional on the state
 * it was computed from (the thread's {@code time_updated} and the reminders sent), so two
 * replicas, or a late event and a sweep, never both win.
 */
@Component
class WaitingThreads implements StartupWork {

    static final String COLLECTION = "ticket_reminders";

    private final ReactiveMongoTemplate mongo;

    WaitingThreads(ReactiveMongoTemplate mongo) {
        this.mongo = mongo;
    }

    @Override
    public Mono<Void> prepare() {
        return mongo.indexOps(COLLECTION).createIndex(new Index().on("due_at", Sort.Direction.ASC))
                .then(mongo.indexOps(COLLECTION).createIndex(new Index().on("organization_id", Sort.Direction.ASC)))
                .then();
    }

    Mono<WaitingThread> find(long org, String threadId) {
        return mongo.findById(id(org, threadId), Document.class, COLLECTION).map(WaitingThreads::fromDocument);
    }

    /**
     * Writes {@code next} in place of {@code current} (null: there was none); false when another
     * write came first. {@code expiresAt} forgets a ticket that no longer waits.
     */
    Mono<Boolean> replace(WaitingThread current, WaitingThread next, Instant expiresAt) {
        Document document = toDocument(next).append(ExpiringCollection.EXPIRES_AT, date(expiresAt));
        if (current == null) {
            return mongo.insert(document, COLLECTION).thenReturn(true)
                    .onErrorResume(DuplicateKeyException.class, taken -> Mono.just(false));
        }
        return mongo.replace(unchanged(current), document, COLLECTION).map(result -> result.getModifiedCount() == 1);
    }

    /** Tickets whose next reminder is due at {@code now}, the most overdue first. */
    Flux<WaitingThread> due(Instant now, int limit) {
        Query query = Query.query(Criteria.where("due_at").lte(date(now))).with(Sort.by("due_at")).limit(limit);
        return mongo.find(query, Document.class, COLLECTION).map(WaitingThreads::fromDocument);
    }

    Flux<WaitingThread> waitingIn(long org) {
        return mongo.find(Query.query(Criteria.where("organization_id").is(org).and("waiting_since").ne(null)), Document.class, COLLECTION)
                .map(WaitingThreads::fromDocument);
    }

    /** Counts {@code sent} reminders as gone and sets the next due date; false when the state had changed. */
    Mono<Boolean> advance(WaitingThread current, int sent, Instant dueAt) {
        Update update = new Update().set("sent", sent).set("due_at", date(dueAt));
        return mongo.updateFirst(unchanged(current), update, COLLECTION).map(result -> result.getModifiedCount() == 1);
    }

    /** Forgets an erased customer's threads, found by their customer id or their e-mail address in any case. */
    Mono<Void> forget(long org, String customerId, String email) {
        Criteria person = new Criteria().orOperator(
                Criteria.where("customer_id").is(customerId == null ? "" : customerId),
                Criteria.where("email_key").is(email == null ? "" : email.toLowerCase(Locale.ROOT)));
        return mongo.remove(Query.query(Criteria.where("organization_id").is(org).andOperator(person)), COLLECTION).then();
    }

    private static Query unchanged(WaitingThread state) {
        return Query.query(Criteria.where("_id").is(id(state.thread().organizationId(), state.thread().threadId()))
                .and("ticket_updated").is(date(state.thread().timeUpdated())).and("sent").is(state.sent()));
    }

    private static String id(long org, String threadId) {
        return org + ":" + threadId;
    }

    private static Document toDocument(WaitingThread state) {
        FollowedThread thread = state.thread();
        return new Document("_id", id(thread.organizationId(), thread.threadId()))
                .append("organization_id", thread.organizationId()).append("ticket_id", thread.threadId())
                .append("kind", thread.kind().name().toLowerCase(Locale.ROOT)).append("through_seq", thread.throughSeq())
                .append("status", thread.status()).append("subject", thread.subject()).append("email", thread.email())
                .append("email_key", thread.email() == null ? null : thread.email().toLowerCase(Locale.ROOT))
                .append("customer_id", thread.customerId()).append("ticket_updated", date(thread.timeUpdated()))
                .append("waiting_since", date(state.waitingSince()))
                .append("sent", state.sent()).append("due_at", date(state.dueAt()));
    }

    private static WaitingThread fromDocument(Document document) {
        String kind = document.getString("kind");
        FollowedThread thread = new FollowedThread(longOf(document, "organization_id"), document.getString("ticket_id"),
                kind == null ? FollowedThread.Kind.TICKET : FollowedThread.Kind.valueOf(kind.toUpperCase(Locale.ROOT)),
                document.getString("status"), document.getString("subject"), document.getString("email"),
                document.getString("customer_id"), instant(document.getDate("ticket_updated")), longOf(document, "through_seq", 0));
        return new WaitingThread(thread, instant(document.getDate("waiting_since")), document.getInteger("sent", 0),
                instant(document.getDate("due_at")));
    }

    private static Instant instant(Date date) {
        return date == null ? null : date.toInstant();
    }
}
