package io.engagement.gateway.key;

import java.time.Instant;

/**
 * The event of {@code engagement.key.v1}, keyed by the key's hash: the key is no longer accepted.
 * The hash is what a gateway's cache holds, so a replica evicts the key without a lookup.
 */
record KeyRevoked(long keyId, String hash, Instant revokedAt) {

    static final String TYPE = "key.revoked";
}
