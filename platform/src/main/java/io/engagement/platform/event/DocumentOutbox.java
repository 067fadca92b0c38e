package io.engagement.platform.event;

import org.bson.Document;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.core.NestedExceptionUtils;
import org.springframework.data.domain.Sort;
import org.springframework.data.mongodb.core.ReactiveMongoTemplate;
import org.springframework.data.mongodb.core.index.Index;
import org.springframework.data.mongodb.core.query.Criteria;
import org.springframework.data.mongodb.core.query.Query;
import org.springframework.data.mongodb.core.query.Update;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.util.retry.Retry;

import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.Date;
import java.util.UUID;
import java.util.function.Function;

/**
 * Publishes an entity's change event at least once without multi-document transactions: the write
 * that changes a document also marks it {@code pending_event} (one document, so atomic with the
 * change); the mark is cleared once the broker has the event. A publish that fails is retried in
 * the background, and marks left by a crash are published again at start-up. Consumers
 * de-duplicate by the event id, which stays the same on every retry.
 */
public final class DocumentOutbox {

    public static final String PENDING = "pending_event";

    private static final Logger log = LoggerFactory.getLogger(DocumentOutbox.class);
    private static final reactor.util.retry.RetryBackoffSpec BACKGROUND_RETRY = Retry.backoff(Long.MAX_VALUE, Duration.ofSeconds(1))
            .maxBackoff(Duration.ofMinutes(1));

    private final ReactiveMongoTemplate mongo;
    private final EventPublisher publisher;

    public DocumentOutbox(ReactiveMongoTemplate mongo, EventPublisher publisher) {
        this.mongo = mongo;
        this.publisher = publisher;
    }

    /** The mark a write puts on the document it changes: the pending event's id, type and time. */
    public static Document pendingMark(String type) {
        return new Document("id", UUID.randomUUID().toString()).append("type", type).append("occurred_at", Date.from(Instant.now()));
    }

    /** The event a marked document stands for. */
    public static <T> EventEnvelope<T> eventOf(Document document, long orgId, T data) {
        Document mark = document.get(PENDING, Document.class);
        return new EventEnvelope<>(UUID.fromString(mark.getString("id")), mark.getString("type"), 1, orgId,
                mark.getDate("occurred_at").toInstant(), data);
    }

    /**
     * Publishes the documents' events and clears their marks. The caller's answer does not wait for
     * the broker; a failure is retried in the background until the broker takes the event.
     */
    public void publish(String collection, Collection<Document> documents, Function<Document, Event> toEvent) {
        Flux.fromIterable(documents)
                .concatMap(document -> publishOne(collection, document, toEvent.apply(document))
                        .retryWhen(BACKGROUND_RETRY.doBeforeRetry(signal -> log.warn(
                                "Publishing the event of {} {} failed, retrying: {}", collection, document.get("_id"),
                                NestedExceptionUtils.getMostSpecificCause(signal.failure()).toString()))))
                .subscribe();
    }

    /** Publishes what a crash left marked; run once at start-up. */
    public Mono<Long> recover(String collection, Function<Document, Event> toEvent) {
        return clearingIndex(collection).thenMany(mongo.find(Query.query(Criteria.where(PENDING).exists(true)), Document.class, collection)
                .concatMap(document -> publishOne(collection, document, toEvent.apply(document)).thenReturn(1L)))
                .reduce(0L, Long::sum)
                .doOnNext(count -> {
                    if (count > 0) {
                        log.info("Published {} pending event(s) of {}", count, collection);
                    }
                });
    }

    /**
     * Redundant for MongoDB itself, whose {@code _id} index serves the clearing update; an embedded
     * wire-protocol server uses an index only when it names exactly the filter's fields.
     */
    private Mono<String> clearingIndex(String collection) {
        return mongo.indexOps(collection).createIndex(new Index().on("_id", Sort.Direction.ASC)
                .on(PENDING + ".id", Sort.Direction.ASC).unique().named("outbox_clearing"));
    }

    private Mono<Void> publishOne(String collection, Document document, Event event) {
        String eventId = event.envelope().id().toString();
        return publisher.publish(event.topic(), event.key(), event.envelope())
                .then(mongo.updateFirst(
                        Query.query(Criteria.where("_id").is(document.get("_id")).and(PENDING + ".id").is(eventId)),
                        new Update().unset(PENDING), collection))
                .then();
    }

    /** Where and under which key an event goes. */
    public record Event(String topic, String key, EventEnvelope<?> envelope) {
    }
}
