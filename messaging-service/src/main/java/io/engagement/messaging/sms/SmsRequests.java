package io.engagement.messaging.sms;

import io.engagement.platform.validation.ObjectSchema;
import io.engagement.platform.validation.Rule;
import io.engagement.platform.validation.Rules;

import static io.engagement.platform.validation.ObjectSchema.optional;
import static io.engagement.platform.validation.ObjectSchema.required;

/** The bodies of single and bulk SMS sends. */
final class SmsRequests {

    /** The most recipients one bulk send takes. */
    static final int MAX_RECIPIENTS = 10_000;
    /** Ten GSM-7 parts: longer texts are not SMS any more. */
    static final int MAX_MESSAGE_LENGTH = 1_530;
    static final String GENERIC = "generic";
    static final String DND = "dnd";

    private static final ObjectSchema.Field[] COMMON = {
            required("sender_id", Rules.string().pattern("^[A-Za-z0-9]{3,11}$")),
            optional("channel", Rules.string().oneOf(GENERIC, DND)),
            required("message", Rules.string().minLength(1).maxLength(MAX_MESSAGE_LENGTH))};

    private static final Rule PHONE = new PhoneNumberRule();

    static final ObjectSchema SINGLE = ObjectSchema.of(required("to", PHONE)).and(COMMON);
    static final ObjectSchema BULK = ObjectSchema.of(required("to", Rules.list(PHONE).minItems(1).maxItems(MAX_RECIPIENTS))).and(COMMON);

    private SmsRequests() {
    }
}
