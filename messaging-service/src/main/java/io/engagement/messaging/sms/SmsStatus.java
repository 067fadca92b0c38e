package io.engagement.messaging.sms;

import io.engagement.messaging.delivery.StatusDocument;

import java.time.Instant;

/**
 * An SMS's status as {@code GET /external/v1/sms/messages} shows it: what was sent, and what the
 * SMSC said of it (its id once submitted, its delivery receipt once one came).
 */
record SmsStatus(String messageId, String status, int attempts, String lastError, String to, String senderId, String channel,
                 Integer segments, String encoding, String smscMessageId, String deliveryStatus, Instant receiptAt,
                 Instant createdAt, Instant updatedAt, Instant sentAt) {

    static SmsStatus of(StatusDocument stored) {
        return new SmsStatus(stored.messageId(), stored.status(), stored.attempts(), stored.lastError(),
                stored.text("to"), stored.text("sender_id"), stored.text("channel"), stored.count("segments"), stored.text("encoding"),
                stored.text("smsc_message_id"), stored.text("delivery_status"), stored.time("receipt_at"),
                stored.createdAt(), stored.updatedAt(), stored.sentAt());
    }
}
