package io.engagement.gateway.limit;

import java.time.Duration;

/**
 * A token bucket: it holds up to {@code limit} requests and refills at {@code limit} per
 * {@code period}, so a client may burst the whole limit and then keeps to the rate.
 */
record RateBudget(long limit, Duration period) {

    RateBudget {
        if (limit < 1 || period.toMillis() < 1) {
            throw new IllegalArgumentException("a rate budget needs a limit and a period of at least 1, not " + limit + " per " + period);
        }
    }

    static RateBudget perSecond(long limit) {
        return new RateBudget(limit, Duration.ofSeconds(1));
    }

    double tokensPerMilli() {
        return (double) limit / period.toMillis();
    }

    /** How long an empty bucket takes to hold {@code tokens} again. */
    long millisToRefill(double tokens) {
        return (long) Math.ceil(Math.max(0, tokens) / tokensPerMilli());
    }

    /**
     * How many tokens a replica takes from the shared bucket at once: a twentieth of the budget, so
     * a replica asks the database about every twentieth request at most and a few replicas together
     * hold only a small part of the budget unspent.
     */
    long leaseSize() {
        return Math.max(1, Math.min(limit / 20, 1_000));
    }
}
