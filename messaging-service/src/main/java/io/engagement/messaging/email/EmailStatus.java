package io.engagement.messaging.email;

import io.engagement.messaging.delivery.StatusDocument;

import java.time.Instant;

/** An e-mail's status as {@code GET /external/v1/transactional-email/messages} shows it. */
record EmailStatus(String messageId, String status, int attempts, String lastError, String toEmail, String subject, String emailType,
                   Instant createdAt, Instant updatedAt, Instant sentAt) {

    static EmailStatus of(StatusDocument stored) {
        return new EmailStatus(stored.messageId(), stored.status(), stored.attempts(), stored.lastError(),
                stored.text("to_email"), stored.text("subject"), stored.text("email_type"),
                stored.createdAt(), stored.updatedAt(), stored.sentAt());
    }
}
