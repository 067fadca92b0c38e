package io.engagement.gateway.signin;

import java.time.Duration;
import java.time.Instant;

/**
 * A person's session as stored: known by the hash of its cookie's value only, so the database
 * holds nothing a browser could present.
 *
 * @param sessionId the id the person's own session list shows ({@code ses_...}), not the cookie
 */
record SignInSession(String hash, String sessionId, String personId, long organizationId, Instant createdAt, Instant lastSeenAt,
                     String ip, String userAgent) {

    /** When it ends if nothing uses it again: idle after its last use, and never past its maximum age. */
    Instant expiresAt(SessionProperties properties) {
        Instant idleEnd = lastSeenAt.plus(properties.idle());
        Instant absoluteEnd = createdAt.plus(properties.max());
        return idleEnd.isBefore(absoluteEnd) ? idleEnd : absoluteEnd;
    }

    boolean isLiveAt(Instant now, SessionProperties properties) {
        return now.isBefore(expiresAt(properties));
    }

    boolean needsTouch(Instant now, Duration every) {
        return Duration.between(lastSeenAt, now).compareTo(every) >= 0;
    }

    SignInSession touchedAt(Instant now) {
        return new SignInSession(hash, sessionId, personId, organizationId, createdAt, now, ip, userAgent);
    }

    SignInSession in(long organization) {
        return new SignInSession(hash, sessionId, personId, organization, createdAt, lastSeenAt, ip, userAgent);
    }
}
