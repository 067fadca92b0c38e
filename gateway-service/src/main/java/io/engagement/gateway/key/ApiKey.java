package io.engagement.gateway.key;

import io.engagement.platform.auth.KeyKind;

import java.time.Instant;

/**
 * A stored key: only its SHA-256 hash and a short prefix to recognise it by are kept.
 *
 * @param name      what its admin called it, {@code null} for none
 * @param createdBy the e-mail of the admin who created it, {@code null} for the operator's keys
 */
record ApiKey(long keyId, long organizationId, KeyKind kind, String hash, String prefix, Instant createdAt, Instant revokedAt,
              String name, String createdBy) {

    boolean isActive() {
        return revokedAt == null;
    }
}
