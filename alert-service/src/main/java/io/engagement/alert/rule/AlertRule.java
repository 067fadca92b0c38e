package io.engagement.alert.rule;

import java.time.Instant;
import java.util.List;

/**
 * One organization's alert rule as stored.
 *
 * @param threshold           the type's limit: a count, milliseconds, a percentage drop or a churn score
 * @param frequency           the window length: {@code hourly}, {@code daily} or {@code weekly}
 * @param channels            where alerts go besides the dashboard, in the client's order
 * @param quietHours          when deliveries other than the dashboard wait; null for never
 * @param confidenceThreshold alerts with a lower confidence (0–100) are not raised
 * @param signingSecret       the webhook signing secret ({@code whsec_...}); null without a webhook channel
 */
public record AlertRule(String ruleId, long organizationId, String name, String type, double threshold, String frequency,
                        List<Channel> channels, QuietHours quietHours, double confidenceThreshold, boolean enabled,
                        String signingSecret, Instant timeCreated, Instant timeUpdated) {

    public static final String HIGH_ERROR_FREQUENCY = "high_error_frequency";
    public static final String REPEATED_API_FAILURES = "repeated_api_failures";
    public static final String LATENCY_SPIKE = "latency_spike";
    public static final String INTERACTION_DROP = "interaction_drop";
    public static final String CHURN_SIGNAL = "churn_signal";
    public static final List<String> TYPES = List.of(HIGH_ERROR_FREQUENCY, REPEATED_API_FAILURES, LATENCY_SPIKE,
            INTERACTION_DROP, CHURN_SIGNAL);
    public static final List<String> FREQUENCIES = List.of("hourly", "daily", "weekly");

    public AlertRule {
        channels = List.copyOf(channels);
    }

    public boolean hasWebhook() {
        return channels.stream().anyMatch(channel -> channel.type().equals(Channel.WEBHOOK));
    }
}
