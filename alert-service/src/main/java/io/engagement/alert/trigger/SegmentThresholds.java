package io.engagement.alert.trigger;

import io.engagement.platform.event.ActivitySegmentsChanged;

/**
 * An organization's activity segment thresholds in days, as customer-service announces them
 * ({@link ActivitySegmentsChanged}); 7/30/60 until it has.
 */
record SegmentThresholds(int activeDays, int slightlyActiveDays, int dormantDays) {

    static final SegmentThresholds DEFAULTS = new SegmentThresholds(7, 30, 60);

    /** A threshold the event lacks reads as zero, which customer-service never announces (a segment lasts a day at least): its default. */
    static SegmentThresholds of(ActivitySegmentsChanged changed) {
        return new SegmentThresholds(orDefault(changed.activeDays(), DEFAULTS.activeDays),
                orDefault(changed.slightlyActiveDays(), DEFAULTS.slightlyActiveDays), orDefault(changed.dormantDays(), DEFAULTS.dormantDays));
    }

    private static int orDefault(int days, int byDefault) {
        return days == 0 ? byDefault : days;
    }
}
