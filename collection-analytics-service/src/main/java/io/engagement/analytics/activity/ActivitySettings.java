package io.engagement.analytics.activity;

import org.springframework.boot.context.properties.ConfigurationProperties;

import java.time.Duration;

/**
 * How page activity is derived from telemetry. The topology's other Kafka Streams settings (state
 * directory, replication of its internal topics, commit interval) are the binder's, in
 * application.yml, which reads them from {@code engagement.analytics.activity.*} too.
 *
 * @param dedupWindow   how long an event id is remembered to drop a repeated event
 * @param sessionIdle   a session whose last view is older than this (by ingest time) is forgotten: a
 *                      later view starts afresh, and its last view stays an exit
 * @param applicationId the topology's consumer group and the prefix of its internal topics and
 *                      state: changing it starts counting afresh
 */
@ConfigurationProperties("engagement.analytics.activity")
public record ActivitySettings(Duration dedupWindow, Duration sessionIdle, String applicationId) {

    public ActivitySettings {
        dedupWindow = dedupWindow == null ? Duration.ofDays(7) : dedupWindow;
        sessionIdle = sessionIdle == null ? Duration.ofHours(24) : sessionIdle;
        applicationId = applicationId == null ? "collection-analytics-activity" : applicationId;
    }
}
