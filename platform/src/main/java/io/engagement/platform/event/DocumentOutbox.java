package io.engagement.platform.event;

import io.engagement.platform.store.Indexes;
import io.micrometer.core.instrument.Metrics;
import org.bson.Document;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.core.NestedExceptionUtils;
import org.springframework.data.domain.Sort;
import org.springframework.data.mongodb.core.BulkOperations;
import org.springframework.data.mongodb.core.ReactiveBulkOperations;
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
import java.util.List;
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
    private static final int EVENTS_IN_FLIGHT = 256;
    private static final int MARKS_PER_CLEARING = 500;
    private static final Duration MARKS_GATHERED_FOR = Duration.ofMillis(20);

    private final ReactiveMongoTemplate mongo;
    private final EventPublisher publisher;

    public DocumentOutbox(ReactiveMongoTemplate mongo, EventPublisher publisher) {
        this.mongo = mongo;
        this.publisher = publisher;
    }

    /** The mark a write puts on the document it changes for an event record of {@code event}'s type. */
    public static Document pendingMark(Class<? extends DomainEvent> event) {
        return pendingMark(DomainEvent.typeOf(event));
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
     * the broker; a failure is retried in the background until the broker takes the event. The
     * events go out together, so the producer batches them, and the marks of those the broker took
     * are cleared a bulk at a time: a bulk of customers costs a few produce requests and writes,
     * not one of each per customer.
     */
    public void publish(String collection, Collection<Document> documents, Function<Document, Event> toEvent) {
        Flux.fromIterable(documents)
                .flatMap(document -> sent(collection, document, toEvent.apply(document)), EVENTS_IN_FLIGHT)
                // fair: marks that come while a clearing is under way wait for the next one instead of overflowing
                .bufferTimeout(MARKS_PER_CLEARING, MARKS_GATHERED_FOR, true)
                .concatMap(published -> clear(collection, published)
                        .retryWhen(backgroundRetries(collection, "Clearing " + published.size() + " published mark(s)"))
                        .onErrorResume(failure -> {
                            // the events are out: the next sweep publishes them again, and consumers de-duplicate them
                            log.warn("{} mark(s) of {} whose events were published stay after {} attempts; the next sweep publishes them again",
                                    published.size(), collection, BACKGROUND_ATTEMPTS + 1);
                            return Mono.empty();
                        }))
                .subscribe();
    }

    /** The document's mark once the broker has its event; empty when it did not take it within the background retries. */
    private Mono<Published> sent(String collection, Document document, Event event) {
        return publisher.publish(event.topic(), event.key(), event.envelope())
                .retryWhen(backgroundRetries(collection, "Publishing the event of " + document.get("_id")))
                .thenReturn(Published.of(document, event))
                .onErrorResume(failure -> {
                    Metrics.counter("engagement.outbox.abandoned", "collection", collection).increment();
                    log.error("The event of {} {} stays pending after {} attempts; the next sweep publishes it", collection,
                            document.get("_id"), BACKGROUND_ATTEMPTS + 1);
                    return Mono.empty();
                });
    }

    private static Retry backgroundRetries(String collection, String what) {
        return Retry.backoff(BACKGROUND_ATTEMPTS, Duration.ofSeconds(1)).maxBackoff(Duration.ofMinutes(1))
                .doBeforeRetry(signal -> {
                    Metrics.counter("engagement.outbox.retries", "collection", collection).increment();
                    log.warn("{} of {} failed, retrying: {}", what, collection,
                            NestedExceptionUtils.getMostSpecificCause(signal.failure()).toString());
                });
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
        return Indexes.ensure(mongo, collection,
                new Index().on("_id", Sort.Direction.ASC)
                        .on(PENDING + ".id", Sort.Direction.ASC).unique().named("outbox_clearing"),
                // only marked documents are in it, so a sweep reads the few that are pending
                new Index().on(PENDING + ".occurred_at", Sort.Direction.ASC).sparse().named("outbox_pending"));
    }

    private Mono<Void> publishOne(String collection, Document document, Event event) {
        return publisher.publish(event.topic(), event.key(), event.envelope())
                .then(clear(collection, List.of(Published.of(document, event))));
    }

    /** Clears each mark still naming the event published, in one write: a later change's mark stays for its own event. */
    private Mono<Void> clear(String collection, List<Published> published) {
        return Mono.defer(() -> {
            ReactiveBulkOperations clearing = mongo.bulkOps(BulkOperations.BulkMode.UNORDERED, collection);
            published.forEach(one -> clearing.updateOne(
                    Query.query(Criteria.where("_id").is(one.documentId()).and(PENDING + ".id").is(one.eventId())), new Update().unset(PENDING)));
            return clearing.execute();
        }).then();
    }

    /** Where and under which key an event goes. */
    public record Event(String topic, String key, EventEnvelope<?> envelope) {
    }

    /** A document whose event, named by its id, the broker has. */
    private record Published(Object documentId, String eventId) {

        static Published of(Document document, Event event) {
            return new Published(document.get("_id"), event.envelope().id().toString());
        }
    }
}
