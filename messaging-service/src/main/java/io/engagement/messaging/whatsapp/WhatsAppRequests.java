package io.engagement.messaging.whatsapp;

import io.engagement.platform.validation.ObjectSchema;
import io.engagement.platform.validation.Rules;

import static io.engagement.platform.validation.ObjectSchema.required;

/** The body of a WhatsApp send. */
final class WhatsAppRequests {

    /** The WhatsApp Cloud API's limit on a text message's body. */
    static final int MAX_MESSAGE_LENGTH = 4_096;

    static final ObjectSchema SEND = ObjectSchema.of(
            required("to", Rules.string().pattern(WhatsAppConnection.E164)),
            required("message", Rules.string().minLength(1).maxLength(MAX_MESSAGE_LENGTH)));

    private WhatsAppRequests() {
    }

    record Send(String to, String message) {
    }
}
