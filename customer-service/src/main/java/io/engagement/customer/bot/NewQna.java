package io.engagement.customer.bot;

import io.engagement.platform.validation.ObjectSchema;
import io.engagement.platform.validation.Rules;

import static io.engagement.platform.validation.ObjectSchema.required;

/** A question as customers ask it, with the answer the bot gives. */
record NewQna(String question, String answer) {

    static final ObjectSchema SCHEMA = ObjectSchema.of(
            required("question", Rules.string().stripped().minLength(1).maxLength(1_000)),
            required("answer", Rules.string().stripped().minLength(1).maxLength(10_000))).forbiddingExtra();
}
