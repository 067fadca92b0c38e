package io.engagement.messaging.sms;

import java.util.List;

/** What an SMS send answers: the contract's {@code status} is always true, and one message id per recipient. */
record SmsQueuedAnswer(boolean status, String message, List<String> messageIds) {

    SmsQueuedAnswer(String message, List<String> messageIds) {
        this(true, message, messageIds);
    }
}
