package io.engagement.alert.delivery;

import io.engagement.alert.rule.QuietHours;
import tools.jackson.databind.JsonNode;

import java.time.Instant;

/**
 * One alert's delivery to one channel. Its id is derived from the alert and the channel's place in
 * the rule, so planning it twice stores it once, and it is the webhook id and the id the e-mail
 * request names on every attempt.
 */
record Delivery(String deliveryId, long organizationId, String alertId, String ruleId, int position, String channel,
                JsonNode target, String status, int attempts, Instant nextAttemptAt, QuietHours quietHours) {

    static final String PENDING = "pending";
    static final String DEFERRED = "deferred";
    static final String DELIVERED = "delivered";
    static final String FAILED = "failed";

    String targetText() {
        if (target == null || target.isNull()) {
            return null;
        }
        return target.isString() ? target.asString() : target.toString();
    }
}
