package io.engagement.customer.conversation;

import io.engagement.platform.validation.ObjectSchema;
import io.engagement.platform.validation.Rules;

import static io.engagement.platform.validation.ObjectSchema.optional;

/** {@code PATCH /widget/v1/visitors/me}: a name or an e-mail to reach the visitor at; an absent field stays as it is. */
record VisitorChange(String name, String email) {

    static final ObjectSchema SCHEMA = ObjectSchema.of(
                    optional("name", Rules.string().stripped().minLength(1).maxLength(200)),
                    optional("email", Rules.string().email()))
            .forbiddingExtra();
}
