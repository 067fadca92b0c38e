package io.engagement.alert.detection;

import org.springframework.boot.context.properties.ConfigurationProperties;

import java.time.Duration;

/**
 * How alerts are detected on the telemetry and session streams. The topology's Kafka Streams
 * settings (application id, state directory, replication of its internal topics, commit interval)
 * are the binder's, in application.yml.
 *
 * @param latencyMinimumCalls  calls a window needs before its p95 latency may raise an alert
 * @param idleEvaluation       an organization without facts for this long has its ended interaction-drop
 *                             windows evaluated by the wall clock
 * @param idleCheckEvery       how often that is checked
 * @param retention            how long a window's evidence is kept after it started
 * @param purgeEvery           how often old evidence is removed
 * @param dedupWindow          how long an event id is remembered, so a resent event is not counted twice
 */
@ConfigurationProperties("engagement.alert.detection")
public record DetectionSettings(int latencyMinimumCalls, Duration idleEvaluation, Duration idleCheckEvery,
                                Duration retention, Duration purgeEvery, Duration dedupWindow) {

    public DetectionSettings {
        latencyMinimumCalls = latencyMinimumCalls == 0 ? 20 : latencyMinimumCalls;
        idleEvaluation = idleEvaluation == null ? Duration.ofMinutes(2) : idleEvaluation;
        idleCheckEvery = idleCheckEvery == null ? Duration.ofSeconds(30) : idleCheckEvery;
        retention = retention == null ? Duration.ofDays(16) : retention;
        purgeEvery = purgeEvery == null ? Duration.ofHours(1) : purgeEvery;
        dedupWindow = dedupWindow == null ? Duration.ofDays(1) : dedupWindow;
    }
}
