package io.engagement.platform.event;

import io.engagement.platform.lifecycle.StartupWork;
import org.bson.Document;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import reactor.core.Disposable;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.function.Function;

/**
 * The change events of one collection's documents, each a past-tense record ({@code CustomerCreated},
 * ...) published on one topic, keyed {@code org:entity}. A store's write marks the document with
 * {@link DocumentOutbox#pendingMark}; {@link #publish} then sends the marked documents' events in
 * the background. At start-up, and every {@link #SWEEP} after, marks that are still there after a
 * minute (a crash, or a broker away for longer than the background retries) are published again.
 *
 * @param <E> the event record
 */
public final class EntityOutbox<E> implements StartupWork, DisposableBean {

    static final Duration SWEEP = Duration.ofMinutes(5);
    private static final Duration IN_FLIGHT = Duration.ofMinutes(1);
    private static final Logger log = LoggerFactory.getLogger(EntityOutbox.class);

    private final DocumentOutbox outbox;
    private final String collection;
    private final String topic;
    private final Function<Document, Entity<E>> entity;
    private volatile Disposable sweeps;

    /** @param entity what a marked document's event says, and of which organization and entity */
    public EntityOutbox(DocumentOutbox outbox, String collection, String topic, Function<Document, Entity<E>> entity) {
        this.outbox = outbox;
        this.collection = collection;
        this.topic = topic;
        this.entity = entity;
    }

    /** Publishes the events of documents just written with their mark; the caller does not wait. */
    public void publish(Collection<Document> written) {
        outbox.publish(collection, written, this::eventOf);
    }

    /** Publishes what an earlier run left marked, then sweeps for stale marks while the service runs. */
    @Override
    public Mono<Void> prepare() {
        return outbox.recover(collection, this::eventOf).doOnSuccess(published -> startSweeping()).then();
    }

    @Override
    public void destroy() {
        if (sweeps != null) {
            sweeps.dispose();
        }
    }

    private void startSweeping() {
        sweeps = Flux.interval(SWEEP, SWEEP)
                // a sweep slower than the interval skips ticks rather than ending the sweeps
                .onBackpressureDrop()
                .concatMap(tick -> outbox.recover(collection, this::eventOf, Instant.now().minus(IN_FLIGHT))
                        .onErrorResume(failure -> {
                            log.warn("Sweeping the pending events of {} failed; trying again in {}: {}", collection, SWEEP, failure.toString());
                            return Mono.empty();
                        }))
                .subscribe();
    }

    private DocumentOutbox.Event eventOf(Document document) {
        Entity<E> changed = entity.apply(document);
        return new DocumentOutbox.Event(topic, EventEnvelope.key(changed.organizationId(), changed.entityId()),
                DocumentOutbox.eventOf(document, changed.organizationId(), changed.event()));
    }

    /** A marked document's event: the organization, the entity's public id (the record key) and the record. */
    public record Entity<E>(long organizationId, Object entityId, E event) {
    }
}
