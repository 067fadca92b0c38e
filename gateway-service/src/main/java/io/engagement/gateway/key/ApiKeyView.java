package io.engagement.gateway.key;

import java.time.Instant;

/** A key as {@code GET /external/v1/api-keys} lists it to an admin: never the key itself. */
record ApiKeyView(long keyId, String kind, String name, String prefix, Instant createdAt, String createdBy, Instant revokedAt) {

    static ApiKeyView of(ApiKey key) {
        return new ApiKeyView(key.keyId(), key.kind().wireName(), key.name(), key.prefix(), key.createdAt(), key.createdBy(), key.revokedAt());
    }

    /** The answer to its creation, the one time the key is shown. */
    record Created(long keyId, String kind, String name, String prefix, Instant createdAt, String createdBy, Instant revokedAt,
                   String key) {

        static Created of(ApiKeys.Created created) {
            ApiKey key = created.key();
            return new Created(key.keyId(), key.kind().wireName(), key.name(), key.prefix(), key.createdAt(), key.createdBy(), null,
                    created.issued().key());
        }
    }
}
