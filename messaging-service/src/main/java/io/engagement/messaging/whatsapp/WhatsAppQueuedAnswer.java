package io.engagement.messaging.whatsapp;

/** What a WhatsApp send answers: the contract's {@code status} is always true. */
record WhatsAppQueuedAnswer(boolean status, String message, String messageId) {

    WhatsAppQueuedAnswer(String messageId) {
        this(true, "WhatsApp message queued for delivery", messageId);
    }
}
