package io.engagement.alert.delivery;

import io.engagement.alert.raised.AlertView;

import java.time.Instant;
import java.util.List;

/** {@code GET /widget/v1/prompts}: the prompts handed to one session's widget by this request. */
record WidgetPrompts(String sessionId, List<Prompt> prompts) {

    /**
     * One prompt: the alert a trigger raised for the session.
     *
     * @param promptId the alert's id
     * @param trigger  the trigger's name ({@code technical_assistance}, ...)
     */
    record Prompt(String promptId, String type, String trigger, String message, double confidence, Instant raisedAt) {

        static Prompt of(AlertView alert) {
            String trigger = alert.type().startsWith("trigger.") ? alert.type().substring("trigger.".length()) : alert.type();
            return new Prompt(alert.alertId(), alert.type(), trigger, alert.message(), alert.confidence(), alert.raisedAt());
        }
    }
}
