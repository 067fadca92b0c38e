package io.engagement.messaging.whatsapp;

/** One WhatsApp text on the queue, from the organization's connected number to one recipient. */
record WhatsAppRequested(String messageId, String from, String to, String message) {

    static final String TYPE = "whatsapp.requested";
}
