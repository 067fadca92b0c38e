package io.engagement.gateway.limit;

import reactor.core.publisher.Mono;

import java.util.function.Supplier;

/**
 * One replica's share of a shared bucket: the tokens it leased and spends without asking the
 * database, and what it learnt about the shared bucket at its latest lease. Once the shared
 * bucket was found empty, requests are refused here until it holds a token again, so a flood
 * costs no database round trips either. When the shared bucket could not be read, requests are
 * let through for {@link #UNENFORCED_FOR} before the next lease is tried.
 */
final class LocalBucket {

    static final long UNENFORCED_FOR = 5_000;

    private final RateBudget budget;
    private long tokens;
    private double sharedRemaining;
    private long emptyUntil;
    private long unenforcedUntil;
    private Mono<Void> leasing;

    LocalBucket(RateBudget budget) {
        this.budget = budget;
        this.sharedRemaining = budget.limit();
    }

    RateBudget budget() {
        return budget;
    }

    /** A decision from what this replica holds, or {@code null} when it must lease first. */
    synchronized Decision tryTake(long now) {
        if (tokens > 0) {
            tokens--;
            return allowed();
        }
        if (now < emptyUntil) {
            return denied(now);
        }
        if (now < unenforcedUntil) {
            return allowed();
        }
        return null;
    }

    /** Time to lease more before the tokens run out, so requests do not wait for it. */
    synchronized boolean runningLow(long now) {
        return leasing == null && now >= emptyUntil && now >= unenforcedUntil && tokens <= budget.leaseSize() / 4;
    }

    /**
     * Joins the lease in flight, or starts one from {@code source}. The lease is forgotten before
     * its waiters go on, so a waiter that finds the tokens spent starts the next lease instead of
     * joining the finished one again.
     */
    synchronized Mono<Void> lease(Supplier<Mono<Lease>> source, Supplier<Long> clock) {
        if (leasing == null) {
            leasing = source.get()
                    .doOnNext(lease -> add(lease, clock.get()))
                    .doOnTerminate(this::leased)
                    .then()
                    .cache();
        }
        return leasing;
    }

    private synchronized void add(Lease lease, long now) {
        if (lease.unenforced()) {
            unenforcedUntil = now + UNENFORCED_FOR;
            return;
        }
        tokens += lease.granted();
        sharedRemaining = lease.remaining();
        if (lease.granted() == 0) {
            emptyUntil = now + lease.millisToNextToken();
        }
    }

    private synchronized void leased() {
        leasing = null;
    }

    /** Refused without a token while the shared bucket still held some: try again in a second. */
    synchronized Decision contended() {
        return new Decision(false, budget.limit(), 0, seconds(budget.millisToRefill(budget.limit())), 1);
    }

    private Decision allowed() {
        long remaining = Math.min(budget.limit(), tokens + (long) Math.floor(sharedRemaining));
        return new Decision(true, budget.limit(), remaining, seconds(budget.millisToRefill(budget.limit() - remaining)), 0);
    }

    private Decision denied(long now) {
        long retryAfter = Math.max(1, seconds(emptyUntil - now));
        return new Decision(false, budget.limit(), 0, seconds(budget.millisToRefill(budget.limit())), retryAfter);
    }

    private static long seconds(long millis) {
        return (millis + 999) / 1000;
    }
}
