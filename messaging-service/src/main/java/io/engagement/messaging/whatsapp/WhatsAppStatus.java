package io.engagement.messaging.whatsapp;

import io.engagement.messaging.delivery.StatusDocument;

import java.time.Instant;

/** A WhatsApp message's status as {@code GET /external/v1/whatsapp/messages} shows it, with the provider's id once sent. */
record WhatsAppStatus(String messageId, String status, int attempts, String lastError, String to, String from, String providerMessageId,
                      Instant createdAt, Instant updatedAt, Instant sentAt) {

    static WhatsAppStatus of(StatusDocument stored) {
        return new WhatsAppStatus(stored.messageId(), stored.status(), stored.attempts(), stored.lastError(),
                stored.text("to"), stored.text("from"), stored.text("provider_message_id"),
                stored.createdAt(), stored.updatedAt(), stored.sentAt());
    }
}
