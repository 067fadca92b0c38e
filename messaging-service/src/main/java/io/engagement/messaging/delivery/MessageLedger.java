package io.engagement.messaging.delivery;

import org.bson.Document;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.data.mongodb.core.ReactiveMongoTemplate;
import org.springframework.data.mongodb.core.query.Criteria;
import org.springframework.data.mongodb.core.query.Query;
import org.springframework.data.mongodb.core.query.Update;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.Map;

/**
 * The status of each message of one channel, one document per message keyed by its id, and one
 * document per delivery attempt keyed {@code id:attempt}. Recording the attempt before sending,
 * with a unique key, is what keeps a message from reaching the provider twice: a worker that
 * finds an attempt it did not finish does not repeat it. Every write is on one document by
 * {@code _id}, so it needs no transaction.
 */
public final class MessageLedger {

    private final ReactiveMongoTemplate mongo;
    private final String collection;
    private final String attempts;
    private final Clock clock;

    public MessageLedger(ReactiveMongoTemplate mongo, String collection, Clock clock) {
        this.mongo = mongo;
        this.collection = collection;
        this.attempts = collection + "_attempts";
        this.clock = clock;
    }

    /** New messages, queued; {@code fields} are what the status shows besides the ledger's own. */
    public Mono<Void> queue(long org, List<String> ids, List<Map<String, Object>> fields) {
        Date now = Date.from(clock.instant());
        List<Document> documents = new ArrayList<>(ids.size());
        for (int i = 0; i < ids.size(); i++) {
            Document document = new Document("_id", ids.get(i)).append("org", org)
                    .append("status", DeliveryStatus.QUEUED.wireName()).append("attempts", 0).append("last_error", null)
                    .append("created_at", now).append("updated_at", now).append("sent_at", null);
            document.putAll(fields.get(i));
            documents.add(document);
        }
        return mongo.insert(documents, collection).then();
    }

    /** Marks messages that never reached the queue, so their status says so. */
    public Mono<Void> notQueued(List<String> ids, String reason) {
        return Flux.fromIterable(ids).concatMap(id -> fail(id, reason)).then();
    }

    public Mono<Claim> claim(String id) {
        return mongo.findById(id, Document.class, collection)
                .flatMap(document -> switch (DeliveryStatus.fromWireName(document.getString("status"))) {
                    case SENT, FAILED -> Mono.just(Claim.skip());
                    case SENDING -> Mono.just(Claim.interrupted());
                    case QUEUED -> recordAttempt(id, document.getInteger("attempts", 0) + 1);
                })
                .defaultIfEmpty(Claim.skip());
    }

    private Mono<Claim> recordAttempt(String id, int attempt) {
        Instant now = clock.instant();
        Document record = new Document("_id", id + ":" + attempt).append("message_id", id).append("attempt", attempt)
                .append("started_at", Date.from(now));
        return mongo.insert(record, attempts)
                .then(update(id, new Update().set("status", DeliveryStatus.SENDING.wireName()).set("attempts", attempt)))
                .thenReturn(Claim.send(attempt))
                // another worker recorded this attempt first (a rebalance): it is that worker's to finish
                .onErrorResume(DuplicateKeyException.class, contested -> Mono.just(Claim.skip()));
    }

    public Mono<Void> sent(String id, Map<String, Object> fields) {
        Update update = new Update().set("status", DeliveryStatus.SENT.wireName()).set("last_error", null)
                .set("sent_at", Date.from(clock.instant()));
        fields.forEach(update::set);
        return update(id, update);
    }

    /** A transient failure: back in the queue, with what went wrong. */
    public Mono<Void> requeue(String id, String error) {
        return update(id, new Update().set("status", DeliveryStatus.QUEUED.wireName()).set("last_error", error));
    }

    public Mono<Void> fail(String id, String error) {
        return update(id, new Update().set("status", DeliveryStatus.FAILED.wireName()).set("last_error", error));
    }

    /** Sets fields of a message whatever its status, such as what a delivery receipt reported. */
    public Mono<Void> note(String id, Map<String, Object> fields) {
        Update update = new Update();
        fields.forEach(update::set);
        return update(id, update);
    }

    /** The message's status document, only for its own organization. */
    public Mono<Document> find(long org, String id) {
        return mongo.findById(id, Document.class, collection)
                .filter(document -> document.get("org") instanceof Number owner && owner.longValue() == org);
    }

    private Mono<Void> update(String id, Update update) {
        return mongo.updateFirst(Query.query(Criteria.where("_id").is(id)), update.set("updated_at", Date.from(clock.instant())), collection)
                .then();
    }
}
