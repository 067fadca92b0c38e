package io.engagement.analytics.activity;

import org.springframework.boot.context.properties.ConfigurationProperties;

import java.time.Duration;

/**
 * How page activity is derived from telemetry. The topology's Kafka Streams settings (application
 * id, state directory, replication of its internal topics, commit interval) are the binder's, in
 * application.yml.
 *
 * @param dedupWindow       how long an event id is remembered to drop a repeated event
 * @param sessionIdle       a session whose last view is older than this (by ingest time) is forgotten
 */
@ConfigurationProperties("engagement.analytics.activity")
public record ActivitySettings(Duration dedupWindow, Duration sessionIdle) {

    public ActivitySettings {
        dedupWindow = dedupWindow == null ? Duration.ofDays(7) : dedupWindow;
        sessionIdle = sessionIdle == null ? Duration.ofHours(24) : sessionIdle;
    }
}
