package io.engagement.customer.conversation;

import io.engagement.platform.validation.ObjectSchema;
import io.engagement.platform.validation.Rules;

import static io.engagement.platform.validation.ObjectSchema.optional;
import static io.engagement.platform.validation.ObjectSchema.required;

/** {@code POST /widget/v1/conversations}: the visitor's first message, and where they are. */
record NewConversation(String message, String clientId, String sessionId, String pageUrl) {

    static final ObjectSchema SCHEMA = ObjectSchema.of(
            required("message", NewMessage.CONTENT),
            optional("client_id", NewMessage.CLIENT_ID),
            optional("session_id", Rules.string().minLength(1).maxLength(128)),
            optional("page_url", Rules.string().minLength(1).maxLength(2048)));
}
