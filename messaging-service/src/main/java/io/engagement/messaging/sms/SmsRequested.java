package io.engagement.messaging.sms;

/** One SMS to one recipient on the queue. */
record SmsRequested(String messageId, String senderId, String to, String message, String channel) {

    static final String TYPE = "sms.requested";
}
