package io.engagement.customer.bot;

import io.engagement.platform.validation.ObjectSchema;
import io.engagement.platform.validation.Rules;

import static io.engagement.platform.validation.ObjectSchema.required;

/**
 * An organization's bot settings ({@code /external/v1/settings/bot}).
 *
 * @param answerThreshold below this confidence (0-1) the bot hands the question to a person
 */
public record BotAnswerSettings(double answerThreshold) {

    /** {@code PUT} replaces the whole object: every field required, nothing else allowed. */
    static final ObjectSchema SCHEMA = ObjectSchema.of(
                    required("answer_threshold", Rules.number().min(0).max(1)))
            .forbiddingExtra();
}
