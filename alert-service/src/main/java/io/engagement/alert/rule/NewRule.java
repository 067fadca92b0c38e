package io.engagement.alert.rule;

import java.util.List;

/** A rule as the client writes it ({@code POST} and {@code PUT}); absent optional fields are null. */
record NewRule(String name, String type, double threshold, String frequency, List<Channel> channels,
               QuietHours quietHours, Double confidenceThreshold, Boolean enabled) {

    static final double DEFAULT_CONFIDENCE_THRESHOLD = 70;

    List<Channel> channelsOrNone() {
        return channels == null ? List.of() : channels;
    }

    double confidenceThresholdOrDefault() {
        return confidenceThreshold == null ? DEFAULT_CONFIDENCE_THRESHOLD : confidenceThreshold;
    }

    boolean enabledOrDefault() {
        return enabled == null || enabled;
    }
}
