package io.engagement.platform.event;

/**
 * An alert's e-mail, written by the alert service, for the messaging service to send
 * ({@code alert_email.requested} on {@link Topics#ALERT_EMAIL}, keyed {@code org:delivery_id}; the
 * organization is the envelope's). The alert service publishes it on every attempt of the delivery
 * until the broker acknowledges one, so the same delivery may arrive more than once: the messaging
 * service queues one e-mail per delivery.
 *
 * @param deliveryId the alert delivery's id, the same on every attempt
 * @param toEmail    the address the rule's e-mail channel names
 * @param subject    the subject as it is to be sent
 * @param text       the plain-text body as it is to be sent (no placeholders are filled)
 */
@EventType("alert_email.requested")
public record AlertEmailRequested(String deliveryId, String toEmail, String subject, String text) implements DomainEvent {
}
