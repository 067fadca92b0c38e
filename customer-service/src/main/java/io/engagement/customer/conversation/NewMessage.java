package io.engagement.customer.conversation;

import io.engagement.platform.validation.ObjectSchema;
import io.engagement.platform.validation.Rule;
import io.engagement.platform.validation.Rules;

import static io.engagement.platform.validation.ObjectSchema.optional;
import static io.engagement.platform.validation.ObjectSchema.required;

/** A visitor's message: its content and, from a client that may send it again, its own id. */
record NewMessage(String content, String clientId) {

    /** 1-5,000 characters once trimmed. */
    static final Rule CONTENT = Rules.string().stripped().minLength(1).maxLength(5_000);
    static final Rule CLIENT_ID = Rules.string().minLength(1).maxLength(128);

    static final ObjectSchema SCHEMA = ObjectSchema.of(
            required("content", CONTENT),
            optional("client_id", CLIENT_ID));
}
