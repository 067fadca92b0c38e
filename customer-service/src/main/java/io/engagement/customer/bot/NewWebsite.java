package io.engagement.customer.bot;

import io.engagement.platform.validation.ObjectSchema;
import io.engagement.platform.validation.Rules;

import static io.engagement.platform.validation.ObjectSchema.optional;
import static io.engagement.platform.validation.ObjectSchema.required;

/** A website to read, and how often to read it again (weekly unless said). */
record NewWebsite(String url, String refreshFrequency) {

    static final ObjectSchema SCHEMA = ObjectSchema.of(
            required("url", Rules.string().stripped().maxLength(2048).httpUrl()),
            optional("refresh_frequency", Rules.string().oneOf(RefreshFrequency.wireNames()))).forbiddingExtra();

    String frequency() {
        return refreshFrequency == null ? RefreshFrequency.WEEKLY.wireName() : refreshFrequency;
    }
}
