package io.engagement.customer.activity;

import io.engagement.customer.settings.ActivitySegmentSettings;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;

import static org.assertj.core.api.Assertions.assertThat;

class SegmentRuleTest {

    private static final Instant NOW = Instant.parse("2026-11-21T12:00:00Z");
    private static final SegmentRule DEFAULTS = new SegmentRule(new ActivitySegmentSettings(7, 30, 60), NOW);

    @Test
    void aCustomerNeverSeenIsInactive() {
        assertThat(DEFAULTS.segmentOf((LatestSession) null)).isEqualTo(ActivitySegment.INACTIVE);
    }

    @Test
    void eachSegmentHoldsUpToAndIncludingItsThreshold() {
        assertThat(DEFAULTS.segmentOf(daysAgo(0))).isEqualTo(ActivitySegment.ACTIVE);
        assertThat(DEFAULTS.segmentOf(daysAgo(7))).isEqualTo(ActivitySegment.ACTIVE);
        assertThat(DEFAULTS.segmentOf(daysAgo(7).minusMillis(1))).isEqualTo(ActivitySegment.SLIGHTLY_ACTIVE);
        assertThat(DEFAULTS.segmentOf(daysAgo(30))).isEqualTo(ActivitySegment.SLIGHTLY_ACTIVE);
        assertThat(DEFAULTS.segmentOf(daysAgo(30).minusMillis(1))).isEqualTo(ActivitySegment.DORMANT);
        assertThat(DEFAULTS.segmentOf(daysAgo(60))).isEqualTo(ActivitySegment.DORMANT);
        assertThat(DEFAULTS.segmentOf(daysAgo(60).minusMillis(1))).isEqualTo(ActivitySegment.INACTIVE);
        assertThat(DEFAULTS.segmentOf(daysAgo(3650))).isEqualTo(ActivitySegment.INACTIVE);
    }

    @Test
    void aSessionSeenSlightlyInTheFutureIsActive() {
        assertThat(DEFAULTS.segmentOf(NOW.plus(Duration.ofMinutes(4)))).isEqualTo(ActivitySegment.ACTIVE);
    }

    @Test
    void theSameLastSeenMovesSegmentAsTimePasses() {
        LatestSession seen = session(NOW.minus(Duration.ofDays(5)));
        ActivitySegmentSettings thresholds = new ActivitySegmentSettings(7, 30, 60);

        assertThat(new SegmentRule(thresholds, NOW).segmentOf(seen)).isEqualTo(ActivitySegment.ACTIVE);
        assertThat(new SegmentRule(thresholds, NOW.plus(Duration.ofDays(10))).segmentOf(seen)).isEqualTo(ActivitySegment.SLIGHTLY_ACTIVE);
        assertThat(new SegmentRule(thresholds, NOW.plus(Duration.ofDays(40))).segmentOf(seen)).isEqualTo(ActivitySegment.DORMANT);
        assertThat(new SegmentRule(thresholds, NOW.plus(Duration.ofDays(70))).segmentOf(seen)).isEqualTo(ActivitySegment.INACTIVE);
    }

    @Test
    void theOrganizationsThresholdsDecide() {
        LatestSession tenDaysAgo = session(daysAgo(10));

        assertThat(new SegmentRule(new ActivitySegmentSettings(7, 30, 60), NOW).segmentOf(tenDaysAgo))
                .isEqualTo(ActivitySegment.SLIGHTLY_ACTIVE);
        assertThat(new SegmentRule(new ActivitySegmentSettings(14, 30, 60), NOW).segmentOf(tenDaysAgo))
                .isEqualTo(ActivitySegment.ACTIVE);
        assertThat(new SegmentRule(new ActivitySegmentSettings(1, 2, 3), NOW).segmentOf(tenDaysAgo))
                .isEqualTo(ActivitySegment.INACTIVE);
    }

    private static Instant daysAgo(int days) {
        return NOW.minus(Duration.ofDays(days));
    }

    private static LatestSession session(Instant lastSeenAt) {
        return new LatestSession("s-1", "/home", lastSeenAt, "web", lastSeenAt, 1);
    }
}
