package io.engagement.platform.validation;

import io.engagement.platform.error.ErrorDetail;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;

import java.math.BigDecimal;
import java.util.List;

/** A number (pydantic {@code float}); numeric strings are taken as pydantic's lax mode does. */
public final class NumberRule implements Rule {

    private Double min;
    private Double max;

    NumberRule() {
    }

    public NumberRule min(double value) {
        this.min = value;
        return this;
    }

    public NumberRule max(double value) {
        this.max = value;
        return this;
    }

    @Override
    public JsonNode apply(JsonNode value, Loc loc, List<ErrorDetail> errors) {
        Double number = numberOf(value, loc, errors);
        if (number == null) {
            return null;
        }
        if (min != null && number < min) {
            errors.add(Violations.greaterThanEqual(loc, value, plain(min)));
            return null;
        }
        if (max != null && number > max) {
            errors.add(Violations.lessThanEqual(loc, value, plain(max)));
            return null;
        }
        return JsonNodeFactory.instance.numberNode(number);
    }

    private static Double numberOf(JsonNode value, Loc loc, List<ErrorDetail> errors) {
        if (value.isNumber()) {
            if (!Double.isFinite(value.doubleValue())) {
                errors.add(Violations.finiteNumber(loc, value));
                return null;
            }
            return value.doubleValue();
        }
        if (value.isString()) {
            try {
                double parsed = new BigDecimal(value.asString().strip()).doubleValue();
                if (Double.isFinite(parsed)) {
                    return parsed;
                }
            } catch (NumberFormatException e) {
                // answered below
            }
            errors.add(Violations.floatParsing(loc, value));
            return null;
        }
        errors.add(Violations.floatType(loc, value));
        return null;
    }

    private static Number plain(double bound) {
        return bound == Math.rint(bound) ? (Number) (long) bound : (Number) bound;
    }
}
