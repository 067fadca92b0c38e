package io.engagement.messaging.delivery;

import io.engagement.platform.event.OrganizationPolicies;
import io.engagement.platform.page.PageEnvelope;
import io.engagement.platform.store.DatabaseFailures;
import io.engagement.platform.store.PagedFind;
import org.bson.Document;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.data.domain.Sort;
import org.springframework.data.mongodb.core.BulkOperations;
import org.springframework.data.mongodb.core.FindAndModifyOptions;
import org.springframework.data.mongodb.core.ReactiveBulkOperations;
import org.springframework.data.mongodb.core.ReactiveMongoTemplate;
import org.springframework.data.mongodb.core.index.Index;
import org.springframework.data.mongodb.core.query.Criteria;
import org.springframework.data.mongodb.core.query.Query;
import org.springframework.data.mongodb.core.query.Update;
import reactor.core.Disposable;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.util.retry.Retry;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Date;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * The status of each message of one channel, one document per message keyed by its id. Marking a
 * message {@code sending} before handing it over, atomically with reading what it was, is what
 * keeps it from reaching the provider twice: of two workers only the one that found it queued
 * sends, and a worker that finds it {@code sending} knows an attempt never finished and does not
 * repeat it. Each message's status changes atomically on its own document (a batch's claim and
 * release are conditional on each document's status and claim token), so it needs no transaction.
 */
public final class MessageLedger {

    /** The token of the batch claim that marked a message {@code sending}; never shown. */
    private static final String CLAIMED_BY = "claimed_by";
    /**
     * Ledger writes that must not be given up (a record of a hand-over, a release): until the database answers. A write it
     * refused fails at once, so a bad write cannot hold its delivery thread forever.
     */
    static final Retry UNTIL_THE_DATABASE_ANSWERS = Retry.backoff(Long.MAX_VALUE, Duration.ofMillis(100)).maxBackoff(Duration.ofSeconds(30))
            .filter(DatabaseFailures::isTransient);

    private final ReactiveMongoTemplate mongo;
    private final String collection;
    private final Clock clock;
    private final OrganizationPolicies policies;

    public MessageLedger(ReactiveMongoTemplate mongo, String collection, Clock clock, OrganizationPolicies policies) {
        this.mongo = mongo;
        this.collection = collection;
        this.clock = clock;
        this.policies = policies;
    }

    /**
     * New messages, queued; {@code fields} are what the status shows besides the ledger's own. Each
     * expires its organization's {@code message_body_days} after it was queued, by the retention in
     * force then.
     */
    public Mono<Void> queue(long org, List<String> ids, List<Map<String, Object>> fields) {
        return documents(org, ids, fields).flatMap(documents -> mongo.insert(documents, collection).then());
    }

    /**
     * A new message under an id derived from its request, queued once however often it is
     * requested: true while it is still to be put on the queue (queued now, or queued earlier and not
     * yet taken by a worker, so a request read again after its job never reached the queue puts it
     * there then), false once a worker has taken it. A job on the queue twice is sent once: only one
     * claim finds it queued.
     */
    public Mono<Boolean> queueOnce(long org, String id, Map<String, Object> fields) {
        return documents(org, List.of(id), List.of(fields))
                .flatMap(documents -> mongo.insert(documents.get(0), collection).thenReturn(true))
                .onErrorResume(DuplicateKeyException.class, queuedBefore -> mongo.findOne(statusOf(id), Document.class, collection)
                        .map(document -> DeliveryStatus.QUEUED.wireName().equals(document.getString("status")))
                        // expired since the insert found it: long handed over
                        .defaultIfEmpty(false));
    }

    private Mono<List<Document>> documents(long org, List<String> ids, List<Map<String, Object>> fields) {
        Instant queuedAt = clock.instant();
        return policies.of(org).map(policy -> {
            Date now = Date.from(queuedAt);
            Date expires = Date.from(policies.expiry(queuedAt, policy.retention().messageBodyDays()));
            List<Document> documents = new ArrayList<>(ids.size());
            for (int i = 0; i < ids.size(); i++) {
                Document document = new Document("_id", ids.get(i)).append("org", org)
                        .append("status", DeliveryStatus.QUEUED.wireName()).append("attempts", 0).append("last_error", null)
                        .append("created_at", now).append("updated_at", now).append("sent_at", null).append("expires_at", expires);
                document.putAll(fields.get(i));
                documents.add(document);
            }
            return documents;
        });
    }

    /** The TTL index that deletes expired messages on MongoDB, and the index the organization's newest-first list reads. */
    public Mono<Void> prepare() {
        return mongo.indexOps(collection).createIndex(new Index().on("expires_at", Sort.Direction.ASC).expire(Duration.ZERO))
                .then(mongo.indexOps(collection).createIndex(new Index().on("org", Sort.Direction.ASC)
                        .on("created_at", Sort.Direction.DESC).on("_id", Sort.Direction.DESC)))
                .then();
    }

    /**
     * Deletes the messages expired by {@code now}: what the TTL index does on MongoDB, and what a
     * database without TTL indexes relies on.
     */
    public Mono<Long> sweep(Instant now) {
        return mongo.remove(Query.query(Criteria.where("expires_at").lt(Date.from(now))), collection).map(result -> result.getDeletedCount());
    }

    /** Sweeps every {@code interval} until disposed; a failed sweep waits for the next. */
    public Disposable sweepEvery(Duration interval) {
        return Flux.interval(interval, interval)
                // a sweep slower than the interval skips ticks rather than ending the sweeps
                .onBackpressureDrop()
                .concatMap(tick -> sweep(clock.instant()).onErrorResume(failure -> Mono.empty()))
                .subscribe();
    }

    /** Marks messages that never reached the queue, so their status says so. */
    public Mono<Void> notQueued(List<String> ids, String reason) {
        return Flux.fromIterable(ids).concatMap(id -> fail(id, reason)).then();
    }

    /**
     * Marks the message {@code sending} and counts the attempt in one atomic update, and judges by
     * the document as it was: only the worker that found it queued sends it.
     */
    public Mono<Claim> claim(String id) {
        // a token left by an earlier batch claim must not let that claim's late release take this attempt back
        Update claim = new Update().set("status", DeliveryStatus.SENDING.wireName()).unset(CLAIMED_BY).inc("attempts", 1)
                .set("updated_at", Date.from(clock.instant()));
        return mongo.findAndModify(statusOf(id), claim, FindAndModifyOptions.options().returnNew(false), Document.class, collection)
                .flatMap(before -> {
                    int attempts = before.getInteger("attempts", 0);
                    return switch (DeliveryStatus.fromWireName(before.getString("status"))) {
                        case QUEUED -> Mono.just(Claim.send(attempts + 1));
                        // an attempt was under way and never recorded its end: count no new one
                        case SENDING -> update(id, new Update().set("attempts", attempts)).thenReturn(Claim.interrupted());
                        // a redelivered record of a finished message: put its outcome back as it was
                        case SENT, FAILED -> update(id, new Update().set("status", before.getString("status")).set("attempts", attempts))
                                .thenReturn(Claim.skip());
                    };
                })
                .defaultIfEmpty(Claim.skip());
    }

    /**
     * Claims a batch of messages in two round trips, whatever its size: one update marks every
     * queued one {@code sending} under a token of this claim and counts its attempt, one read finds
     * which the token took (a batch of one is one round trip: the update answers). A message that
     * was not queued (a redelivered record) or that another worker took in between is claimed
     * alone, as {@link #claim} judges it.
     */
    public Mono<Claims> claimAll(List<String> ids) {
        List<String> distinct = ids.stream().distinct().toList();
        String token = UUID.randomUUID().toString();
        if (distinct.isEmpty()) {
            return Mono.just(new Claims(token, Map.of()));
        }
        Update claim = new Update().set("status", DeliveryStatus.SENDING.wireName()).set(CLAIMED_BY, token).inc("attempts", 1)
                .set("updated_at", Date.from(clock.instant()));
        return taken(distinct, claim, token)
                .flatMap(mine -> Flux.fromIterable(distinct).filter(id -> !mine.containsKey(id))
                        .concatMap(id -> claim(id).map(alone -> Map.entry(id, alone)))
                        .collectMap(Map.Entry::getKey, Map.Entry::getValue, () -> new HashMap<>(mine)))
                .map(claims -> new Claims(token, claims))
                // a claim cut short may have taken messages no one will try: the token's go back before the error
                // is passed on (only the batch update sets it, on messages it found queued)
                .onErrorResume(failure -> release(token, distinct).retryWhen(UNTIL_THE_DATABASE_ANSWERS).then(Mono.error(failure)));
    }

    /** The queued messages the claim's update took, each with its counted attempt. */
    private Mono<Map<String, Claim>> taken(List<String> distinct, Update claim, String token) {
        Query queued = Query.query(Criteria.where("_id").in(distinct).and("status").is(DeliveryStatus.QUEUED.wireName()));
        if (distinct.size() == 1) {
            queued.fields().include("attempts");
            return mongo.findAndModify(queued, claim, FindAndModifyOptions.options().returnNew(true), Document.class, collection)
                    .map(document -> Map.of(document.getString("_id"), Claim.send(document.getInteger("attempts", 1))))
                    .defaultIfEmpty(Map.of());
        }
        Query taken = Query.query(Criteria.where("_id").in(distinct).and(CLAIMED_BY).is(token));
        taken.fields().include("attempts");
        return mongo.updateMulti(queued, claim, collection)
                .thenMany(mongo.find(taken, Document.class, collection))
                .collectMap(document -> document.getString("_id"), document -> Claim.send(document.getInteger("attempts", 1)));
    }

    /** Puts claimed messages that were never handed over back in the queue, their attempts uncounted. */
    public Mono<Void> release(Claims claims, List<String> ids) {
        return release(claims.token(), ids);
    }

    private Mono<Void> release(String token, List<String> ids) {
        if (ids.isEmpty()) {
            return Mono.empty();
        }
        Query untried = Query.query(Criteria.where("_id").in(ids).and(CLAIMED_BY).is(token)
                .and("status").is(DeliveryStatus.SENDING.wireName()));
        return mongo.updateMulti(untried, new Update().set("status", DeliveryStatus.QUEUED.wireName()).inc("attempts", -1)
                .set("updated_at", Date.from(clock.instant())), collection).then();
    }

    /**
     * Records the hand-over, keeping a failure the provider reported in between: an SMSC's receipt
     * can fail a message before its worker has recorded it sent.
     */
    public Mono<Void> sent(String id, Map<String, Object> fields) {
        return sentAll(Map.of(id, fields));
    }

    /**
     * Records the hand-over of each message, with the fields it shows, in one ordered bulk write:
     * a message not failed meanwhile becomes {@code sent}; one that a receipt failed first keeps
     * its failure and gets the time and fields of its hand-over.
     */
    public Mono<Void> sentAll(Map<String, Map<String, Object>> handedOver) {
        if (handedOver.isEmpty()) {
            return Mono.empty();
        }
        return Mono.defer(() -> {
            Date now = Date.from(clock.instant());
            String failed = DeliveryStatus.FAILED.wireName();
            ReactiveBulkOperations bulk = mongo.bulkOps(BulkOperations.BulkMode.ORDERED, collection);
            handedOver.forEach((id, fields) -> {
                Update sent = new Update().set("status", DeliveryStatus.SENT.wireName()).set("last_error", null)
                        .set("sent_at", now).set("updated_at", now);
                Update failedMeanwhile = new Update().set("sent_at", now).set("updated_at", now);
                fields.forEach(sent::set);
                fields.forEach(failedMeanwhile::set);
                bulk.updateOne(Query.query(Criteria.where("_id").is(id).and("status").ne(failed)), sent);
                bulk.updateOne(Query.query(Criteria.where("_id").is(id).and("status").is(failed)), failedMeanwhile);
            });
            return bulk.execute();
        }).then();
    }

    /** A transient failure: back in the queue, with what went wrong. */
    public Mono<Void> requeue(String id, String error) {
        return update(id, new Update().set("status", DeliveryStatus.QUEUED.wireName()).set("last_error", error));
    }

    public Mono<Void> fail(String id, String error) {
        return update(id, new Update().set("status", DeliveryStatus.FAILED.wireName()).set("last_error", error));
    }

    /**
     * What providers reported of messages after their hand-over, such as delivery receipts, in one
     * ordered bulk write (of two notes on one message, the later in the list wins): each note's
     * fields are set whatever the status, and a note of a failure also makes its message
     * {@code failed}.
     */
    public Mono<Void> noteAll(List<Note> notes) {
        if (notes.isEmpty()) {
            return Mono.empty();
        }
        return Mono.defer(() -> {
            Date now = Date.from(clock.instant());
            ReactiveBulkOperations bulk = mongo.bulkOps(BulkOperations.BulkMode.ORDERED, collection);
            notes.forEach(note -> bulk.updateOne(byId(note.id()), note.update().set("updated_at", now)));
            return bulk.execute();
        }).then();
    }

    /**
     * Forgets what the organization's messages to an erased person's address say of them: the
     * address (matched in any case) and the {@code personal} fields. Status, attempts and times stay,
     * so counts do not change.
     */
    public Mono<Long> forgetRecipient(long org, String addressField, String address, List<String> personal) {
        Update forget = new Update().set("erased", true).unset(addressField).set("updated_at", Date.from(clock.instant()));
        personal.forEach(forget::unset);
        return mongo.updateMulti(Query.query(Criteria.where("org").is(org).and(addressField).regex("^" + Pattern.quote(address) + "$", "i")),
                forget, collection).map(result -> result.getModifiedCount());
    }

    /** One page of the organization's messages, newest first, of one status when the query names one, each as {@code shown}. */
    public <S> Mono<PageEnvelope<S>> page(long org, MessageListQuery query, Function<StatusDocument, S> shown) {
        Criteria filter = Criteria.where("org").is(org);
        query.status().ifPresent(status -> filter.and("status").is(status));
        return PagedFind.page(mongo, collection, filter, "created_at", false, query.page())
                .map(PagedFind.mapped(stored -> shown.apply(new StatusDocument(stored))));
    }

    /** The message's status as {@code shown}, only for its own organization. */
    public <S> Mono<S> find(long org, String id, Function<StatusDocument, S> shown) {
        return mongo.findById(id, Document.class, collection)
                .filter(document -> document.get("org") instanceof Number owner && owner.longValue() == org)
                .map(stored -> shown.apply(new StatusDocument(stored)));
    }

    private Mono<Void> update(String id, Update update) {
        return mongo.updateFirst(byId(id), update.set("updated_at", Date.from(clock.instant())), collection).then();
    }

    private static Query byId(String id) {
        return Query.query(Criteria.where("_id").is(id));
    }

    /** The message, of which a claim or the record of a send reads back only how it stood, not its whole body. */
    private static Query statusOf(String id) {
        Query query = byId(id);
        query.fields().include("status", "attempts", "last_error");
        return query;
    }

    /** What a provider reported of a message: the fields to show, and why it failed when it did ({@code null} when not). */
    public record Note(String id, Map<String, Object> fields, String failure) {

        private Update update() {
            Update update = new Update();
            fields.forEach(update::set);
            if (failure != null) {
                update.set("status", DeliveryStatus.FAILED.wireName()).set("last_error", failure);
            }
            return update;
        }
    }
}
