package io.engagement.platform.validation;

import io.engagement.platform.error.ErrorDetail;
import io.engagement.platform.time.UtcInstants;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.List;

/**
 * An ISO 8601 date-time (a time without an offset is read as UTC) or, as pydantic allows, a Unix
 * time in seconds or milliseconds. The accepted value is kept as an ISO instant in UTC.
 */
public final class DateTimeRule implements Rule {

    /** pydantic reads numbers above this as milliseconds. */
    private static final double MILLISECONDS_FROM = 2e10;
    private static final Instant FIRST = Instant.parse("0001-01-01T00:00:00Z");
    private static final Instant LAST = Instant.parse("9999-12-31T23:59:59.999999999Z");

    DateTimeRule() {
    }

    @Override
    public JsonNode apply(JsonNode value, Loc loc, List<ErrorDetail> errors) {
        Instant instant = instantOf(value);
        if (instant == null) {
            errors.add(value.isString() || value.isNumber()
                    ? Violations.dateTimeParsing(loc, value)
                    : Violations.dateTimeType(loc, value));
            return null;
        }
        return JsonNodeFactory.instance.stringNode(instant.toString());
    }

    /** The instant a value names, or null when it names none (pydantic's datetimes run from year 1 to 9999). */
    public static Instant instantOf(JsonNode value) {
        Instant instant = anyInstantOf(value);
        return instant == null || instant.isBefore(FIRST) || instant.isAfter(LAST) ? null : instant;
    }

    private static Instant anyInstantOf(JsonNode value) {
        if (value.isNumber()) {
            double number = value.asDouble();
            if (!Double.isFinite(number)) {
                return null;
            }
            long millis = Math.abs(number) > MILLISECONDS_FROM ? (long) number : (long) (number * 1000);
            return Instant.ofEpochMilli(millis);
        }
        if (!value.isString()) {
            return null;
        }
        String text = value.asString();
        Instant utc = UtcInstants.parse(text);
        if (utc != null) {
            return utc;
        }
        text = text.strip();
        try {
            return OffsetDateTime.parse(text).toInstant();
        } catch (DateTimeParseException withoutOffset) {
            try {
                return LocalDateTime.parse(text).toInstant(ZoneOffset.UTC);
            } catch (DateTimeParseException notADateTime) {
                return null;
            }
        }
    }
}
