package io.engagement.gateway.limit;

/**
 * Tokens a replica took from a shared bucket to spend on its own.
 *
 * @param granted          how many it may spend; 0 when the bucket was empty
 * @param remaining        what the shared bucket held after the lease
 * @param millisToNextToken when {@code granted} is 0, how long until the bucket holds a token again
 */
record Lease(long granted, double remaining, long millisToNextToken) {
}
