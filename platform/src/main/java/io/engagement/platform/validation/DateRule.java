package io.engagement.platform.validation;

import io.engagement.platform.error.ErrorDetail;
import tools.jackson.databind.JsonNode;

import java.util.List;
import java.util.Optional;

/** A calendar date, {@code YYYY-MM-DD}, kept as that text; a fault in pydantic's {@code date} words. */
public final class DateRule implements Rule {

    DateRule() {
    }

    @Override
    public JsonNode apply(JsonNode value, Loc loc, List<ErrorDetail> errors) {
        if (!value.isString()) {
            errors.add(Violations.dateType(loc, value));
            return null;
        }
        Optional<String> fault = IsoDates.fault(value.asString());
        if (fault.isPresent()) {
            errors.add(Violations.dateFromDatetimeParsing(loc, value, fault.get()));
            return null;
        }
        return value;
    }
}
