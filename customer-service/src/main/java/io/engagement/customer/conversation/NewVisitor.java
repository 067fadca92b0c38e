package io.engagement.customer.conversation;

import io.engagement.platform.validation.ObjectSchema;
import io.engagement.platform.validation.Rules;
import io.engagement.platform.store.EmailKey;

import static io.engagement.platform.validation.ObjectSchema.optional;

/** {@code POST /widget/v1/visitors}: who the widget's visitor says they are, each part optional. */
record NewVisitor(String anonymousId, String sessionId, String name, String email, String customerId, String identityHash) {

    static final ObjectSchema SCHEMA = ObjectSchema.of(
            optional("anonymous_id", Rules.string().minLength(1).maxLength(128)),
            optional("session_id", Rules.string().minLength(1).maxLength(128)),
            optional("name", Rules.string().stripped().minLength(1).maxLength(200)),
            optional("email", Rules.string().email()),
            optional("customer_id", Rules.string().minLength(1).maxLength(64)),
            optional("identity_hash", Rules.string().stripped().minLength(1).maxLength(128)));

    /** What a hash signs: the customer id, or without one the e-mail. */
    String identifier() {
        return customerId != null ? customerId : email;
    }

    /** The identity a valid hash proves. */
    String identity() {
        return customerId != null ? "customer:" + customerId : "email:" + EmailKey.of(email);
    }

    boolean claimsSomeone() {
        return customerId != null || email != null;
    }
}
