package io.engagement.gateway.limit;

/**
 * Tokens a replica took from a shared bucket to spend on its own.
 *
 * @param granted          how many it may spend; 0 when the bucket was empty
 * @param remaining        what the shared bucket held after the lease
 * @param millisToNextToken when {@code granted} is 0, how long until the bucket holds a token again
 * @param unenforced       the shared bucket could not be read: let requests through for a while
 */
record Lease(long granted, double remaining, long millisToNextToken, boolean unenforced) {

    Lease(long granted, double remaining, long millisToNextToken) {
        this(granted, remaining, millisToNextToken, false);
    }

    static Lease unenforced(RateBudget budget) {
        return new Lease(0, budget.limit(), 0, true);
    }
}
