package io.engagement.gateway.key;

import java.time.Instant;

/** A key as listed to an administrator: never the key itself. */
public record KeyView(long keyId, String kind, String prefix, Instant createdAt, Instant revokedAt) {

    static KeyView of(ApiKey key) {
        return new KeyView(key.keyId(), key.kind().wireName(), key.prefix(), key.createdAt(), key.revokedAt());
    }
}
