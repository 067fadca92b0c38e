package io.engagement.platform.idempotency;

import org.bson.Document;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.data.mongodb.core.FindAndModifyOptions;
import org.springframework.data.mongodb.core.ReactiveMongoTemplate;
import org.springframework.data.mongodb.core.query.Criteria;
import org.springframework.data.mongodb.core.query.Query;
import org.springframework.data.mongodb.core.query.Update;
import reactor.core.publisher.Mono;

import java.time.Instant;
import java.util.Date;

/** Keys by {@code org:key}, in the service's own database; a unique {@code _id} decides which request owns a key. */
final class IdempotencyStore {

    /** Expiring: a key found expired before it is removed is taken over anyway. */
    static final String COLLECTION = "idempotency_keys";

    private final ReactiveMongoTemplate mongo;

    IdempotencyStore(ReactiveMongoTemplate mongo) {
        this.mongo = mongo;
    }

    /** Empty when another request holds the key. */
    Mono<Boolean> claim(String id, String fingerprint, Instant now, Instant expiresAt) {
        Document claim = new Document("_id", id).append("fingerprint", fingerprint).append("done", false)
                .append("created_at", Date.from(now)).append("expires_at", Date.from(expiresAt));
        return mongo.insert(claim, COLLECTION).thenReturn(true)
                .onErrorResume(DuplicateKeyException.class, taken -> Mono.just(false));
    }

    Mono<IdempotencyRecord> find(String id) {
        return mongo.findById(id, Document.class, COLLECTION).map(IdempotencyStore::fromDocument);
    }

    /** Takes a stale key over only if it is still the record that was judged stale. */
    Mono<Boolean> takeOver(IdempotencyRecord stale, String fingerprint, Instant now, Instant expiresAt) {
        Query query = Query.query(Criteria.where("_id").is(stale.id()).and("created_at").is(Date.from(stale.createdAt())));
        Update update = new Update().set("fingerprint", fingerprint).set("done", false).unset("status").unset("body")
                .set("created_at", Date.from(now)).set("expires_at", Date.from(expiresAt));
        return mongo.findAndModify(query, update, FindAndModifyOptions.options().returnNew(true), Document.class, COLLECTION)
                .hasElement();
    }

    Mono<Void> complete(String id, int status, String body) {
        return mongo.updateFirst(Query.query(Criteria.where("_id").is(id)),
                new Update().set("done", true).set("status", status).set("body", body), COLLECTION).then();
    }

    /** A request that failed leaves its key free for the client's retry. */
    Mono<Void> release(String id) {
        return mongo.remove(Query.query(Criteria.where("_id").is(id)), COLLECTION).then();
    }

    private static IdempotencyRecord fromDocument(Document document) {
        Number status = (Number) document.get("status");
        return new IdempotencyRecord(document.getString("_id"), document.getString("fingerprint"),
                Boolean.TRUE.equals(document.getBoolean("done")), status == null ? 0 : status.intValue(),
                document.getString("body"), document.getDate("created_at").toInstant(),
                document.getDate("expires_at").toInstant());
    }
}
