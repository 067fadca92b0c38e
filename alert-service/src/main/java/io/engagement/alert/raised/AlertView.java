package io.engagement.alert.raised;

import java.time.Instant;
import java.util.List;

/** An alert as the API, webhooks and mail show it. */
public record AlertView(String alertId, String ruleId, String type, String message, double value, double threshold,
                        double confidence, Instant windowStart, Instant windowEnd, String subject, Instant raisedAt,
                        String status, List<DeliveryView> deliveries) {

    public static final String OPEN = "open";
    public static final String ACKNOWLEDGED = "acknowledged";

    /** One channel's delivery: {@code pending}, {@code deferred}, {@code delivered} or {@code failed}. */
    public record DeliveryView(String channel, String status, int attempts) {
    }
}
