package io.engagement.gateway.limit;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

import java.time.Clock;
import java.time.Duration;

/**
 * Takes one token per request from a bucket all gateway replicas share. Each replica leases a
 * slice of the shared bucket and spends it locally, leasing the next slice before this one runs
 * out: most requests cost no database round trip, and the replicas together never spend more
 * than the budget. While the database does not answer, requests are let through rather than
 * refused: the limit protects the services, it must not become an outage of its own.
 */
@Component
class RateLimiter {

    private static final Logger log = LoggerFactory.getLogger(RateLimiter.class);
    private static final Duration LEASE_PATIENCE = Duration.ofSeconds(2);
    private static final int LEASES_PER_REQUEST = 4;

    private final SharedBuckets shared;
    private final Clock clock = Clock.systemUTC();
    private final Cache<String, LocalBucket> buckets = Caffeine.newBuilder()
            .maximumSize(200_000)
            .expireAfterAccess(Duration.ofMinutes(10))
            .build();

    RateLimiter(SharedBuckets shared) {
        this.shared = shared;
    }

    Mono<Decision> take(String bucketId, RateBudget budget) {
        return take(bucketId, budget, LEASES_PER_REQUEST);
    }

    /**
     * A request that finds no token waits for a lease and tries again; under a burst, others may
     * spend the slice first, so it waits for a few leases at most before it is refused.
     */
    private Mono<Decision> take(String bucketId, RateBudget budget, int leases) {
        LocalBucket bucket = local(bucketId, budget);
        long now = clock.millis();
        Decision decision = bucket.tryTake(now);
        if (decision == null && leases == 0) {
            return Mono.just(bucket.contended());
        }
        if (decision == null) {
            return bucket.lease(() -> lease(bucketId, budget), clock::millis).then(Mono.defer(() -> take(bucketId, budget, leases - 1)));
        }
        if (bucket.runningLow(now)) {
            bucket.lease(() -> lease(bucketId, budget), clock::millis).subscribe();
        }
        return Mono.just(decision);
    }

    /** A replica's bucket follows the budget: after an override it starts again with a fresh lease. */
    private LocalBucket local(String bucketId, RateBudget budget) {
        LocalBucket bucket = buckets.get(bucketId, id -> new LocalBucket(budget));
        if (bucket.budget().equals(budget)) {
            return bucket;
        }
        return buckets.asMap().compute(bucketId, (id, existing) ->
                existing != null && existing.budget().equals(budget) ? existing : new LocalBucket(budget));
    }

    private Mono<Lease> lease(String bucketId, RateBudget budget) {
        long wanted = budget.leaseSize();
        return shared.lease(bucketId, budget, wanted)
                .timeout(LEASE_PATIENCE)
                .onErrorResume(failure -> {
                    log.warn("Rate limits are not enforced for {}: its shared bucket could not be read ({})", bucketId, failure.toString());
                    return Mono.just(Lease.unenforced(budget));
                });
    }
}
