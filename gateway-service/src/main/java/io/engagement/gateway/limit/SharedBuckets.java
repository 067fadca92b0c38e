package io.engagement.gateway.limit;

import io.engagement.platform.store.ExpiringCollection;
import org.bson.Document;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.data.mongodb.core.ReactiveMongoTemplate;
import org.springframework.data.mongodb.core.query.Criteria;
import org.springframework.data.mongodb.core.query.Query;
import org.springframework.data.mongodb.core.query.Update;
import org.springframework.context.annotation.Bean;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

import java.time.Clock;
import java.util.Date;
import java.util.Optional;

/**
 * The token buckets every gateway replica shares, one document each in {@code rate_buckets}:
 * the tokens left when it was last touched, when that was, and a version. A lease reads the
 * bucket, refills it for the time passed, takes its tokens and writes it back only if no other
 * replica wrote it in between (compare-and-set on the version), so the budget is spent once
 * however many replicas take from it, with single-document atomicity only. A bucket left alone
 * until it would be full again is no different from no bucket, so it expires then.
 */
@Component
class SharedBuckets {

    static final String COLLECTION = "rate_buckets";
    /** Leases that lose the compare-and-set try again; after this many, the lease fails. */
    private static final int ATTEMPTS = 16;

    private final ReactiveMongoTemplate mongo;
    private final Clock clock = Clock.systemUTC();

    SharedBuckets(ReactiveMongoTemplate mongo) {
        this.mongo = mongo;
    }

    @Bean
    static ExpiringCollection rateBuckets() {
        return new ExpiringCollection(COLLECTION);
    }

    /** Up to {@code wanted} tokens of the bucket {@code id}, which holds {@code budget}. */
    Mono<Lease> lease(String id, RateBudget budget, long wanted) {
        return Mono.defer(() -> attempt(id, budget, wanted))
                .repeatWhenEmpty(ATTEMPTS, repeats -> repeats);
    }

    private Mono<Lease> attempt(String id, RateBudget budget, long wanted) {
        long now = clock.millis();
        return mongo.findById(id, Document.class, COLLECTION)
                .map(Optional::of)
                .defaultIfEmpty(Optional.empty())
                .flatMap(stored -> {
                    double tokens = stored.map(bucket -> refilled(bucket, budget, now)).orElse((double) budget.limit());
                    long granted = Math.min(wanted, (long) Math.floor(tokens));
                    double left = tokens - granted;
                    Lease lease = new Lease(granted, left, Math.max(1, budget.millisToRefill(1 - left)));
                    Date fullAgain = new Date(now + budget.millisToRefill(budget.limit() - left));
                    Mono<Boolean> written = stored.isPresent()
                            ? replace(id, stored.get().get("version", Number.class).longValue(), left, now, fullAgain)
                            : create(id, left, now, fullAgain);
                    return written.filter(Boolean::booleanValue).map(won -> lease);
                });
    }

    private static double refilled(Document bucket, RateBudget budget, long now) {
        double tokens = bucket.get("tokens", Number.class).doubleValue();
        long since = Math.max(0, now - bucket.get("at", Number.class).longValue());
        return Math.min(budget.limit(), tokens + since * budget.tokensPerMilli());
    }

    private Mono<Boolean> replace(String id, long version, double tokens, long now, Date expiresAt) {
        Query unchanged = Query.query(Criteria.where("_id").is(id).and("version").is(version));
        Update update = new Update().set("tokens", tokens).set("at", now).set("version", version + 1)
                .set(ExpiringCollection.EXPIRES_AT, expiresAt);
        return mongo.updateFirst(unchanged, update, COLLECTION).map(result -> result.getMatchedCount() == 1);
    }

    private Mono<Boolean> create(String id, double tokens, long now, Date expiresAt) {
        Document bucket = new Document("_id", id).append("tokens", tokens).append("at", now).append("version", 0L)
                .append(ExpiringCollection.EXPIRES_AT, expiresAt);
        return mongo.insert(bucket, COLLECTION)
                .thenReturn(true)
                .onErrorResume(DuplicateKeyException.class, anotherReplicaWasFirst -> Mono.just(false));
    }
}
