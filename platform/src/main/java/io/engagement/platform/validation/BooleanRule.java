package io.engagement.platform.validation;

import io.engagement.platform.error.ErrorDetail;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;

import java.util.List;
import java.util.Locale;
import java.util.Set;

/** A boolean; like pydantic's lax mode it also takes 0/1 and the strings "true", "yes", "off", ... */
public final class BooleanRule implements Rule {

    private static final Set<String> TRUE = Set.of("1", "on", "t", "true", "y", "yes");
    private static final Set<String> FALSE = Set.of("0", "off", "f", "false", "n", "no");

    BooleanRule() {
    }

    @Override
    public JsonNode apply(JsonNode value, Loc loc, List<ErrorDetail> errors) {
        if (value.isBoolean()) {
            return value;
        }
        if (value.isIntegralNumber() && value.canConvertToLong() && (value.asLong() == 0 || value.asLong() == 1)) {
            return JsonNodeFactory.instance.booleanNode(value.asLong() == 1);
        }
        if (value.isString()) {
            String lower = value.asString().strip().toLowerCase(Locale.ROOT);
            if (TRUE.contains(lower) || FALSE.contains(lower)) {
                return JsonNodeFactory.instance.booleanNode(TRUE.contains(lower));
            }
            errors.add(Violations.boolParsing(loc, value));
            return null;
        }
        errors.add(value.isNumber() ? Violations.boolParsing(loc, value) : Violations.boolType(loc, value));
        return null;
    }
}
