package io.engagement.customer.conversation;

import io.engagement.platform.validation.ObjectSchema;
import io.engagement.platform.validation.Rules;

import static io.engagement.platform.validation.ObjectSchema.optional;
import static io.engagement.platform.validation.ObjectSchema.required;

/** The visitor's rating of a resolved conversation. */
record Rating(int rating, String comment) {

    static final ObjectSchema SCHEMA = ObjectSchema.of(
            required("rating", Rules.integer().min(1).max(5)),
            optional("comment", Rules.string().stripped().maxLength(2_000)));
}
