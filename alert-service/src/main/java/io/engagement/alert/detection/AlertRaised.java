package io.engagement.alert.detection;

import io.engagement.alert.rule.Channel;
import io.engagement.alert.rule.QuietHours;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * An alert detection raised, published on {@code engagement.alert.v1} keyed {@code org:rule_id}.
 * The id is derived from the rule, the window and the subject, so the one alert a window may have
 * keeps one id however often it is read. The rule's channels and quiet hours travel with it, as
 * they were when it was raised.
 */
public record AlertRaised(String alertId, String ruleId, String type, String message, double value, double threshold,
                          double confidence, Instant windowStart, Instant windowEnd, String subject, Instant raisedAt,
                          List<Channel> channels, QuietHours quietHours) {

    public static final String TYPE = "alert.raised";

    public static String idOf(String ruleId, Instant windowStart, String subject) {
        String name = ruleId + "|" + windowStart.toEpochMilli() + "|" + (subject == null ? "" : subject);
        return UUID.nameUUIDFromBytes(name.getBytes(StandardCharsets.UTF_8)).toString();
    }
}
