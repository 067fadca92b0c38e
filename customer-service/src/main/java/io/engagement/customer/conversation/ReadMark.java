package io.engagement.customer.conversation;

import io.engagement.platform.validation.ObjectSchema;
import io.engagement.platform.validation.Rules;

import static io.engagement.platform.validation.ObjectSchema.required;

/** {@code POST .../read}: the seq of the last message read. */
record ReadMark(long seq) {

    static final ObjectSchema SCHEMA = ObjectSchema.of(required("seq", Rules.integer().min(0)));
}
