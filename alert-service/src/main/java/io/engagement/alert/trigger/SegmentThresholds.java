package io.engagement.alert.trigger;

import tools.jackson.databind.JsonNode;

/**
 * An organization's activity segment thresholds in days, as customer-service announces them
 * ({@code settings.activity_segments.changed}); 7/30/60 until it has.
 */
record SegmentThresholds(int activeDays, int slightlyActiveDays, int dormantDays) {

    static final SegmentThresholds DEFAULTS = new SegmentThresholds(7, 30, 60);
    static final String CHANGED = "settings.activity_segments.changed";

    static SegmentThresholds of(JsonNode data) {
        return new SegmentThresholds(data.path("active_days").asInt(DEFAULTS.activeDays),
                data.path("slightly_active_days").asInt(DEFAULTS.slightlyActiveDays),
                data.path("dormant_days").asInt(DEFAULTS.dormantDays));
    }
}
