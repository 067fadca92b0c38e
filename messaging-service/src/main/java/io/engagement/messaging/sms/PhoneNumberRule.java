package io.engagement.messaging.sms;

import com.google.i18n.phonenumbers.NumberParseException;
import com.google.i18n.phonenumbers.PhoneNumberUtil;
import com.google.i18n.phonenumbers.Phonenumber;
import io.engagement.platform.error.ErrorDetail;
import io.engagement.platform.validation.Loc;
import io.engagement.platform.validation.Rule;
import io.engagement.platform.validation.Violations;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;

import java.util.List;

/** A phone number in E.164 ({@code +} and country code), valid by libphonenumber's metadata; accepted normalized. */
final class PhoneNumberRule implements Rule {

    private static final PhoneNumberUtil PHONES = PhoneNumberUtil.getInstance();

    @Override
    public JsonNode apply(JsonNode value, Loc loc, List<ErrorDetail> errors) {
        if (!value.isString()) {
            errors.add(Violations.stringType(loc, value));
            return null;
        }
        String text = value.asString().strip();
        if (!text.startsWith("+")) {
            errors.add(invalid(loc, value, "the number must be in E.164 format, starting with + and the country code"));
            return null;
        }
        try {
            Phonenumber.PhoneNumber number = PHONES.parse(text, null);
            if (!PHONES.isValidNumber(number)) {
                errors.add(invalid(loc, value, "not a valid phone number"));
                return null;
            }
            return JsonNodeFactory.instance.stringNode(PHONES.format(number, PhoneNumberUtil.PhoneNumberFormat.E164));
        } catch (NumberParseException unparsable) {
            errors.add(invalid(loc, value, "not a valid phone number"));
            return null;
        }
    }

    private static ErrorDetail invalid(Loc loc, JsonNode value, String reason) {
        return Violations.valueError(loc, value, reason);
    }
}
