package io.engagement.platform.event;

/**
 * An agent's replies the visitor has not read, for the messaging service to e-mail
 * ({@code conversation_email.requested} on {@link Topics#CONVERSATION_EMAIL}, keyed
 * {@code org:conversation_id}; the organization is the envelope's). It may arrive more than once:
 * the messaging service queues one e-mail per {@code mailId}.
 *
 * @param mailId         names this mail of the conversation, the same on every delivery of it
 * @param conversationId the conversation the replies are in
 * @param toEmail        the visitor's address
 * @param subject        the subject as it is to be sent
 * @param text           the plain-text body as it is to be sent: every unread message since the last such mail
 * @param throughSeq     the conversation's last message when the mail was made: reminders follow the mail up until the
 *                       visitor has read through it
 * @param customerId     the customer the visitor is verified as, whose phone reminders may use; null for an unverified visitor
 */
@EventType("conversation_email.requested")
public record ConversationEmailRequested(String mailId, String conversationId, String toEmail, String subject, String text,
                                         long throughSeq, String customerId) implements DomainEvent {
}
