package io.engagement.customer.conversation;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.engagement.platform.auth.OrgContext;
import io.engagement.platform.validation.ObjectSchema;
import io.engagement.platform.validation.Rules;

import static io.engagement.platform.validation.ObjectSchema.optional;
import static io.engagement.platform.validation.ObjectSchema.required;

/** An agent's reply, or with {@code private} a note only agents see. */
record AgentMessage(String content, String agentEmail, @JsonProperty("private") Boolean isPrivate, String clientId) {

    static final ObjectSchema SCHEMA = ObjectSchema.of(
            required("content", NewMessage.CONTENT),
            required("agent_email", Rules.string().email()),
            optional("private", Rules.bool()),
            optional("client_id", NewMessage.CLIENT_ID));
    /** A signed-in person's: they write as themselves, so the address may be left out. */
    static final ObjectSchema PERSON_SCHEMA = ObjectSchema.of(
            required("content", NewMessage.CONTENT),
            optional("agent_email", Rules.string().email()),
            optional("private", Rules.bool()),
            optional("client_id", NewMessage.CLIENT_ID));

    static ObjectSchema schemaFor(OrgContext context) {
        return context.person().isPresent() ? PERSON_SCHEMA : SCHEMA;
    }

    AgentMessage {
        isPrivate = isPrivate != null && isPrivate;
    }
}
