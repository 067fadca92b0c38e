package io.engagement.platform.validation;

/** The value rules a body schema is built from. */
public final class Rules {

    private Rules() {
    }

    public static StringRule string() {
        return new StringRule();
    }

    public static IntegerRule integer() {
        return new IntegerRule(null, null);
    }

    public static NumberRule number() {
        return new NumberRule();
    }

    public static DateTimeRule dateTime() {
        return new DateTimeRule();
    }

    /** A calendar date, {@code YYYY-MM-DD}. */
    public static DateRule date() {
        return new DateRule();
    }

    /** An IANA time zone name, such as {@code America/New_York}. */
    public static TimeZoneRule timeZone() {
        return new TimeZoneRule();
    }

    public static BooleanRule bool() {
        return new BooleanRule();
    }

    public static ListRule list(Rule items) {
        return new ListRule(items, null, null);
    }

    /** An object whose values are all strings, such as {@code merge_data}. */
    public static StringMapRule stringMap() {
        return new StringMapRule();
    }

    /** Any JSON value, kept as given. */
    public static Rule any() {
        return (value, loc, errors) -> value;
    }

    /** Any JSON object, kept as given. */
    public static Rule anyObject() {
        return (value, loc, errors) -> {
            if (!value.isObject()) {
                errors.add(Violations.dictType(loc, value));
                return null;
            }
            return value;
        };
    }
}
