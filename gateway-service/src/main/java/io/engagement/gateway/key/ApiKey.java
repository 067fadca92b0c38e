package io.engagement.gateway.key;

import io.engagement.platform.auth.KeyKind;

import java.time.Instant;

/** A stored key: only its SHA-256 hash and a short prefix to recognise it by are kept. */
record ApiKey(long keyId, long organizationId, KeyKind kind, String hash, String prefix, Instant createdAt, Instant revokedAt) {

    boolean isActive() {
        return revokedAt == null;
    }
}
