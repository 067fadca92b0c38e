package io.engagement.customer.activity;

import io.engagement.platform.lifecycle.StartupWork;
import org.bson.Document;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.data.domain.Sort;
import org.springframework.data.mongodb.core.BulkOperations;
import org.springframework.data.mongodb.core.ReactiveMongoTemplate;
import org.springframework.data.mongodb.core.index.Index;
import org.springframework.data.mongodb.core.query.Criteria;
import org.springframework.data.mongodb.core.query.Query;
import org.springframework.data.mongodb.core.query.Update;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import java.util.Collection;
import java.util.List;

import static io.engagement.platform.store.Documents.longOf;

/**
 * The latest session on customer documents, and summaries parked for customers not created yet.
 * The database has no transactions and serves only plain equality filters from an index, so every
 * read is by a unique index, the decision is made here, and every write is guarded by equality on
 * {@code _id} and a revision the read saw: a write that lost a race matches nothing and is redone.
 */
@Component
class ActivityStore implements StartupWork {

    /** The customer feature's collection; this feature writes only {@link LatestSession#FIELD} and {@link #REVISION}. */
    static final String CUSTOMERS = "customers";
    static final String REVISION = "activity_revision";
    static final String PARKED = "parked_sessions";
    private static final String PARKED_REVISION = "revision";

    private final ReactiveMongoTemplate mongo;

    ActivityStore(ReactiveMongoTemplate mongo) {
        this.mongo = mongo;
    }

    /**
     * Redundant for MongoDB, whose {@code _id} index serves the guarded writes; the embedded server
     * uses an index only when it names exactly the filter's fields.
     */
    @Override
    public Mono<Void> prepare() {
        return Flux.concat(
                        mongo.indexOps(CUSTOMERS).createIndex(new Index().on("_id", Sort.Direction.ASC)
                                .on(REVISION, Sort.Direction.ASC).unique().named("activity_guard")),
                        mongo.indexOps(PARKED).createIndex(new Index().on("_id", Sort.Direction.ASC)
                                .on(PARKED_REVISION, Sort.Direction.ASC).unique().named("parked_guard")))
                .then();
    }

    /** The owner's customer: by public id, else by e-mail; each a unique index of the customer feature. */
    Mono<Tracked> findCustomer(SessionOwner owner) {
        Mono<Tracked> byCustomerId = owner.customerId() == null ? Mono.empty()
                : findOne(Criteria.where("organization_id").is(owner.organizationId()).and("customer_id").is(owner.customerId()));
        Mono<Tracked> byEmail = owner.emailKey() == null ? Mono.empty()
                : findOne(Criteria.where("organization_id").is(owner.organizationId()).and("email_key").is(owner.emailKey()));
        return byCustomerId.switchIfEmpty(byEmail);
    }

    Mono<Tracked> findCustomer(long id) {
        return findOne(Criteria.where("_id").is(id));
    }

    /** Writes each claim's session where the customer's revision is still the one read; answers how many matched. */
    Mono<Long> writeAll(List<Claim> claims) {
        var bulk = mongo.bulkOps(BulkOperations.BulkMode.UNORDERED, CUSTOMERS);
        claims.forEach(claim -> bulk.updateOne(
                Query.query(Criteria.where("_id").is(claim.customer().id()).and(REVISION).is(claim.customer().revision())),
                new Update().set(LatestSession.FIELD, claim.session().toDocument()).set(REVISION, claim.customer().nextRevision())));
        return bulk.execute().map(result -> (long) result.getMatchedCount());
    }

    Mono<Parked> findParked(String key) {
        return findParked(List.of(key)).next();
    }

    /** The sessions parked under any of the keys, in one read: {@code _id} is the key, so the unique index serves it. */
    Flux<Parked> findParked(Collection<String> keys) {
        return mongo.find(Query.query(Criteria.where("_id").in(keys)), Document.class, PARKED)
                .map(parked -> new Parked(parked.getString("_id"), longOf(parked, PARKED_REVISION), LatestSession.storedIn(parked)));
    }

    /** False when another writer parked a session under the key first. */
    Mono<Boolean> park(String key, long organizationId, LatestSession session) {
        Document parked = new Document("_id", key)
                .append("organization_id", organizationId)
                .append(LatestSession.FIELD, session.toDocument())
                .append(PARKED_REVISION, 0L);
        return mongo.insert(parked, PARKED).thenReturn(true)
                .onErrorResume(DuplicateKeyException.class, raced -> Mono.just(false));
    }

    /** False when the parked session changed since {@code seen} was read. */
    Mono<Boolean> replaceParked(Parked seen, LatestSession session) {
        return mongo.updateFirst(Query.query(Criteria.where("_id").is(seen.key()).and(PARKED_REVISION).is(seen.revision())),
                        new Update().set(LatestSession.FIELD, session.toDocument()).set(PARKED_REVISION, seen.revision() + 1),
                        PARKED)
                .map(result -> result.getMatchedCount() == 1);
    }

    Mono<Void> removeParked(String key) {
        return removeParked(List.of(key));
    }

    Mono<Void> removeParked(Collection<String> keys) {
        return mongo.remove(Query.query(Criteria.where("_id").in(keys)), PARKED).then();
    }

    Mono<Void> removeParkedSession(long organizationId, String sessionId) {
        return mongo.remove(Query.query(Criteria.where("organization_id").is(organizationId)
                .and(LatestSession.FIELD + ".session_id").is(sessionId)), PARKED).then();
    }

    private Mono<Tracked> findOne(Criteria criteria) {
        Query query = Query.query(criteria);
        query.fields().include("_id", REVISION, LatestSession.FIELD);
        return mongo.findOne(query, Document.class, CUSTOMERS)
                .map(customer -> new Tracked(longOf(customer, "_id"), revisionOf(customer), LatestSession.storedIn(customer)));
    }

    /** Null for a customer stored before activity was tracked: the guard then matches the missing field. */
    private static Long revisionOf(Document customer) {
        Object revision = customer.get(REVISION);
        return revision == null ? null : ((Number) revision).longValue();
    }

    /** A customer's latest session as read, with the revision a write must still find. */
    record Tracked(long id, Long revision, LatestSession stored) {

        long nextRevision() {
            return revision == null ? 1 : revision + 1;
        }
    }

    /** A session to keep on a customer, if it is newer than what the customer had when read. */
    record Claim(Tracked customer, LatestSession session) {

        boolean changes() {
            return session.supersedes(customer.stored());
        }
    }

    /** A session parked under one of its owner's names. */
    record Parked(String key, long revision, LatestSession session) {
    }
}
