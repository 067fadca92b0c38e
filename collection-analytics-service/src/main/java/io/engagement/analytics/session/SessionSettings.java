package io.engagement.analytics.session;

import org.springframework.boot.context.properties.ConfigurationProperties;

import java.time.Duration;

/**
 * How session intelligence keeps its state and publishes summaries.
 *
 * @param emitInterval   how often changed sessions are summarized on {@code engagement.session.v1}:
 *                       a session's summary follows its events within about this long
 * @param stateRetention a session without events for this long (by ingest time) is dropped from the
 *                       topology's state; its stored summary stays
 * @param keptLists      whether the sessions lists are served from their kept newest entries ({@code SessionLists},
 *                       ADR 0015): on by default, for the embedded database; off where MongoDB serves them
 *                       from their indexes
 */
@ConfigurationProperties("engagement.analytics.sessions")
public record SessionSettings(Duration emitInterval, Duration stateRetention, Boolean keptLists) {

    public SessionSettings {
        keptLists = keptLists == null || keptLists;
        emitInterval = emitInterval == null ? Duration.ofSeconds(1) : emitInterval;
        stateRetention = stateRetention == null ? Duration.ofDays(7) : stateRetention;
    }
}
