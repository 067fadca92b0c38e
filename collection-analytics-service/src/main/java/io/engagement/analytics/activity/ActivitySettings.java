package io.engagement.analytics.activity;

import org.springframework.boot.context.properties.ConfigurationProperties;

import java.time.Duration;

/**
 * How page activity is derived from telemetry.
 *
 * @param applicationId     the Kafka Streams application id (consumer group and internal topic prefix)
 * @param stateDir          where the local state stores live (restored from their changelogs when lost);
 *                          by default a directory per instance under the temporary directory
 * @param dedupWindow       how long an event id is remembered to drop a repeated event
 * @param sessionIdle       a session whose last view is older than this (by ingest time) is forgotten
 * @param replicationFactor of the internal topics; -1 takes the broker's default
 * @param commitInterval    exactly-once commit interval, which bounds how soon counts become visible;
 *                          each commit is a transaction, so a shorter one costs every event more
 */
@ConfigurationProperties("engagement.analytics.activity")
public record ActivitySettings(String applicationId, String stateDir, Duration dedupWindow, Duration sessionIdle,
                               int replicationFactor, Duration commitInterval) {

    public ActivitySettings {
        applicationId = applicationId == null ? "collection-analytics-activity" : applicationId;
        dedupWindow = dedupWindow == null ? Duration.ofDays(7) : dedupWindow;
        sessionIdle = sessionIdle == null ? Duration.ofHours(24) : sessionIdle;
        replicationFactor = replicationFactor == 0 ? -1 : replicationFactor;
        commitInterval = commitInterval == null ? Duration.ofMillis(500) : commitInterval;
    }
}
