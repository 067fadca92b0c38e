package io.engagement.customer.settings;

import com.fasterxml.jackson.annotation.JsonUnwrapped;

/** An organization's activity-segment thresholds were replaced; the event's data is the thresholds as written. */
record ActivitySegmentsChanged(@JsonUnwrapped ActivitySegmentSettings thresholds) {

    static final String TYPE = "settings.activity_segments.changed";
}
