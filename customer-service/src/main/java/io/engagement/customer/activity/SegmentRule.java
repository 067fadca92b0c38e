package io.engagement.customer.activity;

import io.engagement.customer.settings.ActivitySegmentSettings;

import java.time.Duration;
import java.time.Instant;

/**
 * One organization's segments as of {@code now}. Computed when a customer is read, never stored,
 * so a customer drifts from {@code active} to {@code inactive} as time passes without any event.
 * A threshold of {@code n} days includes the instant exactly {@code n} days ago.
 */
public record SegmentRule(ActivitySegmentSettings thresholds, Instant now) {

    public ActivitySegment segmentOf(LatestSession session) {
        return session == null ? ActivitySegment.INACTIVE : segmentOf(session.lastSeenAt());
    }

    ActivitySegment segmentOf(Instant lastSeenAt) {
        if (lastSeenAt == null) {
            return ActivitySegment.INACTIVE;
        }
        if (seenWithin(lastSeenAt, thresholds.activeDays())) {
            return ActivitySegment.ACTIVE;
        }
        if (seenWithin(lastSeenAt, thresholds.slightlyActiveDays())) {
            return ActivitySegment.SLIGHTLY_ACTIVE;
        }
        if (seenWithin(lastSeenAt, thresholds.dormantDays())) {
            return ActivitySegment.DORMANT;
        }
        return ActivitySegment.INACTIVE;
    }

    private boolean seenWithin(Instant lastSeenAt, int days) {
        return !lastSeenAt.isBefore(now.minus(Duration.ofDays(days)));
    }
}
