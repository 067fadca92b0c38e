package io.engagement.alert.trigger;

import org.springframework.boot.context.properties.ConfigurationProperties;

import java.time.Duration;

/**
 * How the alert triggers are evaluated on the telemetry, session and customer streams.
 *
 * @param applicationId          the Kafka Streams application id (consumer group and internal topic prefix)
 * @param stateDir               where the local state stores live; by default a directory per instance under the temporary directory
 * @param replicationFactor      of the internal topics; -1 takes the broker's default
 * @param commitInterval         exactly-once commit interval: how soon a fired trigger is visible downstream
 * @param abandonmentWait        how long a billing page's leave waits for a following page view before it counts as abandoned
 * @param abandonmentCheckEvery  how often waiting leaves are judged
 * @param sessionRetention       how long a session's evidence is kept after it started (by the wall clock)
 * @param purgeEvery             how often old sessions are removed
 * @param dedupWindow            how long an event id is remembered, so a resent event is not counted twice
 */
@ConfigurationProperties("engagement.alert.triggers")
public record TriggerStreamsSettings(String applicationId, String stateDir, int replicationFactor, Duration commitInterval,
                                     Duration abandonmentWait, Duration abandonmentCheckEvery, Duration sessionRetention,
                                     Duration purgeEvery, Duration dedupWindow) {

    public TriggerStreamsSettings {
        applicationId = applicationId == null ? "alert-triggers" : applicationId;
        replicationFactor = replicationFactor == 0 ? -1 : replicationFactor;
        commitInterval = commitInterval == null ? Duration.ofMillis(100) : commitInterval;
        abandonmentWait = abandonmentWait == null ? Duration.ofSeconds(30) : abandonmentWait;
        abandonmentCheckEvery = abandonmentCheckEvery == null ? Duration.ofSeconds(1) : abandonmentCheckEvery;
        sessionRetention = sessionRetention == null ? Duration.ofDays(7) : sessionRetention;
        purgeEvery = purgeEvery == null ? Duration.ofHours(1) : purgeEvery;
        dedupWindow = dedupWindow == null ? Duration.ofDays(1) : dedupWindow;
    }
}
