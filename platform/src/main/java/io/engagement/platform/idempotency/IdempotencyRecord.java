package io.engagement.platform.idempotency;

import java.time.Instant;

/**
 * What is kept of one {@code Idempotency-Key}: the fingerprint of the request that first used
 * it and, once that request is answered, its answer.
 */
record IdempotencyRecord(String id, String fingerprint, boolean done, int status, String body,
                         Instant createdAt, Instant expiresAt) {
}
