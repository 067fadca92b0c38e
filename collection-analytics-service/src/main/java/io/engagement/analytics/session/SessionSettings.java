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
 */
@ConfigurationProperties("engagement.analytics.sessions")
public record SessionSettings(Duration emitInterval, Duration stateRetention) {

    public SessionSettings {
        emitInterval = emitInterval == null ? Duration.ofSeconds(1) : emitInterval;
        stateRetention = stateRetention == null ? Duration.ofDays(7) : stateRetention;
    }
}
