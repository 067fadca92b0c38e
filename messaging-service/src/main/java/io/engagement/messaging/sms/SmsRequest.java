package io.engagement.messaging.sms;

import java.util.List;

/** A validated SMS send: one text to one or many E.164 numbers. */
record SmsRequest(String senderId, String channel, List<String> to, String message) {

    SmsRequest {
        channel = channel == null ? SmsRequests.GENERIC : channel;
        to = List.copyOf(to);
    }
}
