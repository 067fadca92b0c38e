package io.engagement.gateway.limit;

/**
 * What a bucket said to one request, with what the {@code RateLimit-*} headers report.
 *
 * @param resetSeconds      until the bucket is full again
 * @param retryAfterSeconds when refused, until a request may succeed again
 */
record Decision(boolean allowed, long limit, long remaining, long resetSeconds, long retryAfterSeconds) {
}
