package io.engagement.platform.validation;

import io.engagement.platform.error.ErrorDetail;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;

import java.math.BigDecimal;
import java.util.List;

/** A whole number; like pydantic's lax mode it also takes {@code 5.0} and {@code "5"}. */
public final class IntegerRule implements Rule {

    private final Long min;
    private final Long max;

    IntegerRule(Long min, Long max) {
        this.min = min;
        this.max = max;
    }

    public IntegerRule min(long value) {
        return new IntegerRule(value, max);
    }

    public IntegerRule max(long value) {
        return new IntegerRule(min, value);
    }

    @Override
    public JsonNode apply(JsonNode value, Loc loc, List<ErrorDetail> errors) {
        BigDecimal number = numberOf(value, loc, errors);
        if (number == null) {
            return null;
        }
        if (number.stripTrailingZeros().scale() > 0) {
            // pydantic takes "5.0" but not "5.5" from a string; a JSON 5.5 is int_from_float
            errors.add(value.isString() ? Violations.intParsing(loc, value) : Violations.intFromFloat(loc, value));
            return null;
        }
        if (min != null && number.compareTo(BigDecimal.valueOf(min)) < 0) {
            errors.add(Violations.greaterThanEqual(loc, value, min));
            return null;
        }
        if (max != null && number.compareTo(BigDecimal.valueOf(max)) > 0) {
            errors.add(Violations.lessThanEqual(loc, value, max));
            return null;
        }
        try {
            return JsonNodeFactory.instance.numberNode(number.longValueExact());
        } catch (ArithmeticException tooBig) {
            errors.add(Violations.intParsing(loc, value));
            return null;
        }
    }

    private static BigDecimal numberOf(JsonNode value, Loc loc, List<ErrorDetail> errors) {
        if (value.isNumber()) {
            return value.decimalValue();
        }
        if (value.isString()) {
            try {
                return new BigDecimal(value.asString().strip());
            } catch (NumberFormatException e) {
                errors.add(Violations.intParsing(loc, value));
                return null;
            }
        }
        errors.add(Violations.intType(loc, value));
        return null;
    }
}
