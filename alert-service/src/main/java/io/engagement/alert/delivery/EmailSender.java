package io.engagement.alert.delivery;

import io.engagement.alert.raised.AlertView;
import io.engagement.alert.rule.Channel;
import io.engagement.platform.event.AlertEmailRequested;
import io.engagement.platform.event.EventEnvelope;
import io.engagement.platform.event.EventPublisher;
import io.engagement.platform.event.Topics;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

import java.time.Duration;
import java.time.Instant;
import java.util.UUID;

/**
 * Alert e-mail, handed to the messaging service as an {@link AlertEmailRequested} on
 * {@link Topics#ALERT_EMAIL}: an attempt succeeds once the broker has acknowledged the request, and
 * one it has not acknowledged within the time limit of a call is retried like any failed attempt.
 * The request names the delivery, the same on every attempt, and the messaging service queues one
 * e-mail per delivery, so a retry after an acknowledgement that never came never sends twice.
 */
@Component
class EmailSender implements ChannelSender {

    private final EventPublisher events;
    private final Duration timeout;

    EmailSender(EventPublisher events, DeliverySettings settings) {
        this.events = events;
        this.timeout = settings.timeout();
    }

    @Override
    public String channel() {
        return Channel.EMAIL;
    }

    @Override
    public Mono<Void> send(Delivery delivery, AlertView alert) {
        String to = delivery.targetText();
        if (to == null) {
            return Mono.error(new PermanentFailure("the e-mail channel names no address"));
        }
        long org = delivery.organizationId();
        EventEnvelope<AlertEmailRequested> request = EventEnvelope.of(UUID.randomUUID(), org, Instant.now(),
                mail(delivery.deliveryId(), to, alert));
        // within its lease: a publish the broker is slow to acknowledge is not claimed again while still under way
        return events.publish(Topics.ALERT_EMAIL, EventEnvelope.key(org, delivery.deliveryId()), request).timeout(timeout);
    }

    private static AlertEmailRequested mail(String deliveryId, String to, AlertView alert) {
        String subject = "Alert: " + alert.type().replace('_', ' ') + " — " + alert.message();
        String text = alert.message() + "\n\n"
                + "Type: " + alert.type() + "\n"
                + "Value: " + alert.value() + " (threshold " + alert.threshold() + ")\n"
                + "Confidence: " + Math.round(alert.confidence()) + "\n"
                + (alert.subject() == null ? "" : "Subject: " + alert.subject() + "\n")
                + "Window: " + alert.windowStart() + " to " + alert.windowEnd() + "\n"
                + "Alert id: " + alert.alertId() + "\n";
        return new AlertEmailRequested(deliveryId, to, subject, text);
    }
}
