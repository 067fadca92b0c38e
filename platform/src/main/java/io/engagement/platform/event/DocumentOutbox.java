package io.engagement.platform.event;

import io.micrometer.core.instrument.Metrics;
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
 * the background a bounded number of times; marks left by a crash, or by a broker that stayed away
 * longer than those retries, are published again by {@link #recover} (at start-up and on each sweep
 * of {@link EntityOutbox}). Consumers de-duplicate by the event id, which stays the same on every
 * retry. Retries, abandoned publishes and recovered marks are counted ({@code engagement.outbox.*},
 * tagged by collection) so a broker outage shows on the dashboards, not only in the logs.
 */
public final class DocumentOutbox {

    public static final String PENDING = "pending_event";

    private static final Logger log = LoggerFactory.getLogger(DocumentOutbox.class);
    /** About three minutes of retries; after that the mark waits for the next sweep. */
    private static final int BACKGROUND_ATTEMPTS = 8;

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
                        .retryWhen(Retry.backoff(BACKGROUND_ATTEMPTS, Duration.ofSeconds(1)).maxBackoff(Duration.ofMinutes(1))
                                .doBeforeRetry(signal -> {
                                    Metrics.counter("engagement.outbox.retries", "collection", collection).increment();
                                    log.warn("Publishing the event of {} {} failed, retrying: {}", collection, document.get("_id"),
                                            NestedExceptionUtils.getMostSpecificCause(signal.failure()).toString());
                                }))
                        .onErrorResume(failure -> {
                            Metrics.counter("engagement.outbox.abandoned", "collection", collection).increment();
                            log.error("The event of {} {} stays pending after {} attempts; the next sweep publishes it", collection,
                                    document.get("_id"), BACKGROUND_ATTEMPTS + 1);
                            return Mono.empty();
                        }))
                .subscribe();
    }

    /** Publishes every marked document's event: what a crash left marked. */
    public Mono<Long> recover(String collection, Function<Document, Event> toEvent) {
        return recover(collection, toEvent, Instant.MAX);
    }

    /**
     * Publishes the events of documents marked before {@code markedBefore}; younger marks are still
     * in their background retries.
     */
    public Mono<Long> recover(String collection, Function<Document, Event> toEvent, Instant markedBefore) {
        Criteria pending = Instant.MAX.equals(markedBefore) ? Criteria.where(PENDING).exists(true)
                : Criteria.where(PENDING + ".occurred_at").lt(Date.from(markedBefore));
        return clearingIndex(collection).thenMany(mongo.find(Query.query(pending), Document.class, collection)
                .concatMap(document -> publishOne(collection, document, toEvent.apply(document)).thenReturn(1L)))
                .reduce(0L, Long::sum)
                .doOnNext(count -> {
                    if (count > 0) {
                        Metrics.counter("engagement.outbox.recovered", "collection", collection).increment(count);
                        log.info("Published {} pending event(s) of {}", count, collection);
                    }
                });
    }

    /**
     * Redundant for MongoDB itself, whose {@code _id} index serves the clearing update; an embedded
     * wire-protocol server uses an index only when it names exactly the filter's fields.
     */
    private Mono<Void> clearingIndex(String collection) {
        var indexes = mongo.indexOps(collection);
        return Flux.concat(
                        indexes.createIndex(new Index().on("_id", Sort.Direction.ASC)
                                .on(PENDING + ".id", Sort.Direction.ASC).unique().named("outbox_clearing")),
                        // only marked documents are in it, so a sweep reads the few that are pending
                        indexes.createIndex(new Index().on(PENDING + ".occurred_at", Sort.Direction.ASC).sparse().named("outbox_pending")))
                .then();
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
