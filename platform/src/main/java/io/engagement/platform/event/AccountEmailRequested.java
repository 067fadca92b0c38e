package io.engagement.platform.event;

/**
 * An e-mail to a person about their account (an invitation, a password reset), written by the
 * gateway for the messaging service to send ({@code account_email.requested} on
 * {@link Topics#ACCOUNT_EMAIL}, keyed {@code org:request_id}; the organization is the envelope's,
 * 0 for a person's own request outside any organization). The messaging service queues one e-mail
 * per request, of type and category {@code account}.
 *
 * @param requestId the request's id, the same if the gateway sends it again
 * @param toEmail   the person's address
 * @param subject   the subject as it is to be sent
 * @param text      the plain-text body as it is to be sent; it holds a single-use link, so it is
 *                  never logged
 */
@EventType("account_email.requested")
public record AccountEmailRequested(String requestId, String toEmail, String subject, String text) implements DomainEvent {
}
