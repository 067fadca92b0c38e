package io.engagement.customer.metric;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;

/** What a metric's values are; each value is checked and kept in one canonical spelling. */
enum DataType {
    NUMBER, STRING, DATE, BOOLEAN;

    static final String[] NAMES = Arrays.stream(values()).map(Enum::name).toArray(String[]::new);

    /** The value as stored, or the reason it does not fit this type. */
    Parsed parse(String value) {
        return switch (this) {
            case STRING -> Parsed.ok(value);
            case NUMBER -> number(value);
            case DATE -> date(value);
            case BOOLEAN -> bool(value);
        };
    }

    private static Parsed number(String value) {
        try {
            return Parsed.ok(new BigDecimal(value.strip()).toPlainString());
        } catch (NumberFormatException e) {
            return Parsed.problem("value must be a decimal number for a NUMBER metric");
        }
    }

    private static final List<Function<String, ?>> ISO_8601 = List.of(LocalDate::parse, OffsetDateTime::parse, LocalDateTime::parse);

    private static Parsed date(String value) {
        String text = value.strip();
        for (Function<String, ?> form : ISO_8601) {
            try {
                form.apply(text);
                return Parsed.ok(text);
            } catch (DateTimeParseException e) {
                // try the next ISO 8601 form
            }
        }
        return Parsed.problem("value must be an ISO 8601 date or date-time for a DATE metric");
    }

    private static Parsed bool(String value) {
        String lower = value.strip().toLowerCase(Locale.ROOT);
        return lower.equals("true") || lower.equals("false")
                ? Parsed.ok(lower)
                : Parsed.problem("value must be true or false for a BOOLEAN metric");
    }

    record Parsed(Optional<String> value, String problem) {

        static Parsed ok(String value) {
            return new Parsed(Optional.of(value), null);
        }

        static Parsed problem(String problem) {
            return new Parsed(Optional.empty(), problem);
        }
    }
}
