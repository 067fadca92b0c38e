package io.engagement.gateway.signin;

import java.time.Instant;

/** One of the person's own sessions, as {@code GET /auth/v1/sessions} lists them. */
record SessionView(String sessionId, Instant createdAt, Instant lastSeenAt, String ip, String userAgent, boolean current) {

    static SessionView of(SignInSession session, boolean current) {
        return new SessionView(session.sessionId(), session.createdAt(), session.lastSeenAt(), session.ip(), session.userAgent(), current);
    }
}
