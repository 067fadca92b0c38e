package io.engagement.infra.inbox;

import java.time.Instant;

/**
 * One text message as the dev inbox's WhatsApp Cloud API stand-in received it.
 *
 * @param id            the {@code wamid} answered to the sender
 * @param phoneNumberId the business number's id from the request path
 * @param to            the recipient, as sent
 * @param message       {@code text.body}
 */
public record ReceivedWhatsApp(String id, String phoneNumberId, String to, String message, Instant receivedAt) {
}
