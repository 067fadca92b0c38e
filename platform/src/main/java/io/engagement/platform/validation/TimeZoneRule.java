package io.engagement.platform.validation;

import io.engagement.platform.error.ErrorDetail;
import tools.jackson.databind.JsonNode;

import java.time.ZoneId;
import java.util.List;
import java.util.Set;

/**
 * A time zone named as in the IANA database ({@code Europe/Berlin}, {@code UTC}); fixed offsets such
 * as {@code +02:00}, which follow no daylight-saving rules, are refused.
 */
public final class TimeZoneRule implements Rule {

    private static final Set<String> NAMES = ZoneId.getAvailableZoneIds();

    TimeZoneRule() {
    }

    @Override
    public JsonNode apply(JsonNode value, Loc loc, List<ErrorDetail> errors) {
        if (!value.isString()) {
            errors.add(Violations.stringType(loc, value));
            return null;
        }
        if (!NAMES.contains(value.asString())) {
            errors.add(Violations.valueError(loc, value, "unknown time zone, expected an IANA name such as Europe/Berlin"));
            return null;
        }
        return value;
    }
}
