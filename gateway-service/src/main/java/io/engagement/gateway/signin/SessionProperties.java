package io.engagement.gateway.signin;

import org.springframework.boot.context.properties.ConfigurationProperties;

import java.time.Duration;

/**
 * Signed-in sessions ({@code engagement.session}; {@code ENGAGEMENT_SESSION_IDLE} and
 * {@code ENGAGEMENT_SESSION_MAX} in production).
 *
 * @param idle     a session ends after this long without a request
 * @param max      and this long after sign-in, whatever its use
 * @param cacheTtl how long a replica answers a session from memory before reading it again; an
 *                 ended session is evicted from every replica at once through the key topic, so this
 *                 bounds only what a lost announcement leaves
 * @param touchEvery how stale a session's last use may be in the database before a request writes it
 */
@ConfigurationProperties("engagement.session")
record SessionProperties(Duration idle, Duration max, Duration cacheTtl, Duration touchEvery) {

    SessionProperties {
        idle = idle == null ? Duration.ofHours(12) : idle;
        max = max == null ? Duration.ofDays(7) : max;
        cacheTtl = cacheTtl == null ? Duration.ofMinutes(1) : cacheTtl;
        touchEvery = touchEvery == null ? Duration.ofMinutes(1) : touchEvery;
    }
}
