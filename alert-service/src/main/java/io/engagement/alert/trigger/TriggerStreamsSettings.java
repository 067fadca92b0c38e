package io.engagement.alert.trigger;

import org.springframework.boot.context.properties.ConfigurationProperties;

import java.time.Duration;

/**
 * How the alert triggers are evaluated on the telemetry, session and customer streams. The
 * topology's Kafka Streams settings (application id, state directory, replication of its internal
 * topics, commit interval) are the binder's, in application.yml.
 *
 * @param abandonmentWait        how long a billing page's leave waits for a following page view before it counts as abandoned
 * @param abandonmentCheckEvery  how often waiting leaves are judged
 * @param sessionRetention       how long a session's evidence is kept after it started (by the wall clock)
 * @param purgeEvery             how often old sessions are removed
 * @param dedupWindow            how long an event id is remembered, so a resent event is not counted twice
 */
@ConfigurationProperties("engagement.alert.triggers")
public record TriggerStreamsSettings(Duration abandonmentWait, Duration abandonmentCheckEvery, Duration sessionRetention,
                                     Duration purgeEvery, Duration dedupWindow) {

    public TriggerStreamsSettings {
        abandonmentWait = abandonmentWait == null ? Duration.ofSeconds(30) : abandonmentWait;
        abandonmentCheckEvery = abandonmentCheckEvery == null ? Duration.ofSeconds(1) : abandonmentCheckEvery;
        sessionRetention = sessionRetention == null ? Duration.ofDays(7) : sessionRetention;
        purgeEvery = purgeEvery == null ? Duration.ofHours(1) : purgeEvery;
        dedupWindow = dedupWindow == null ? Duration.ofDays(1) : dedupWindow;
    }
}
