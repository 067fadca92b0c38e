package io.engagement.platform.store;

import io.engagement.platform.lifecycle.StartupWork;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.data.domain.Sort;
import org.springframework.data.mongodb.core.ReactiveMongoTemplate;
import org.springframework.data.mongodb.core.index.Index;
import org.springframework.data.mongodb.core.query.Criteria;
import org.springframework.data.mongodb.core.query.Query;
import reactor.core.Disposable;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Indexes and sweeps every {@link ExpiringCollection} of the service. */
public final class ExpiredDocumentSweeper implements StartupWork, DisposableBean {

    private static final Logger log = LoggerFactory.getLogger(ExpiredDocumentSweeper.class);

    private final ReactiveMongoTemplate mongo;
    private final List<ExpiringCollection> collections;
    private final Duration interval;
    private volatile Disposable sweeps;

    public ExpiredDocumentSweeper(ReactiveMongoTemplate mongo, List<ExpiringCollection> collections, Duration interval) {
        this.mongo = mongo;
        this.collections = collections;
        this.interval = interval;
    }

    @Override
    public Mono<Void> prepare() {
        return Flux.fromIterable(collections)
                .concatMap(collection -> mongo.indexOps(collection.name())
                        .createIndex(new Index(ExpiringCollection.EXPIRES_AT, Sort.Direction.ASC).expire(0, TimeUnit.SECONDS)))
                .then()
                .doOnSuccess(indexed -> startSweeping());
    }

    /** Deletes the documents already expired at {@code now}; answers how many. */
    public Mono<Long> sweep(Instant now) {
        Query expired = Query.query(Criteria.where(ExpiringCollection.EXPIRES_AT).lt(Date.from(now)));
        return Flux.fromIterable(collections)
                .concatMap(collection -> mongo.remove(expired, collection.name()))
                .map(result -> result.getDeletedCount())
                .reduce(0L, Long::sum);
    }

    @Override
    public void destroy() {
        if (sweeps != null) {
            sweeps.dispose();
        }
    }

    private void startSweeping() {
                if (collections.isEmpty()) {
            return;
        }
        sweeps = Flux.interval(interval, interval)
                                // a sweep slower than the interval skips ticks rather than ending the sweeps
                .onBackpressureDrop()
                .concatMap(tick -> sweep(Instant.now()).onErrorResume(failure -> {
                    log.warn("Sweeping expired documents failed; trying again in {}: {}", interval, failure.toString());
                    return Mono.empty();
                }))
                .subscribe();
    }
}
