package io.engagement.platform.time;

import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;

/**
 * Reads the one shape almost every client sends, {@code YYYY-MM-DDTHH:MM:SS[.fraction]Z}, by hand:
 * telemetry carries a timestamp per event, and the general ISO parser costs more than the rest of
 * the event's checks. Anything else (offsets, lower-case letters, a leap second) is left to the
 * general parser. Every consumer that reads an event's timestamp uses it too.
 */
public final class UtcInstants {

    private static final int SHORTEST = "2026-01-01T00:00:00Z".length();
    private static final int LONGEST = "2026-01-01T00:00:00.123456789Z".length();

    private UtcInstants() {
    }

    /** The instant of any ISO-8601 instant text, the common shape read by hand; {@link DateTimeParseException} when it is none. */
    public static Instant read(String text) {
        Instant utc = parse(text);
        return utc != null ? utc : Instant.parse(text);
    }

    /** The instant of a text of that shape, or null when the text has any other shape. */
    public static Instant parse(String text) {
        int length = text.length();
        if (length < SHORTEST || length > LONGEST || text.charAt(length - 1) != 'Z'
                || text.charAt(4) != '-' || text.charAt(7) != '-' || text.charAt(10) != 'T'
                || text.charAt(13) != ':' || text.charAt(16) != ':') {
            return null;
        }
        int year = digits(text, 0, 4);
        int month = digits(text, 5, 7);
        int day = digits(text, 8, 10);
        int hour = digits(text, 11, 13);
        int minute = digits(text, 14, 16);
        int second = digits(text, 17, 19);
        int nanos = fraction(text, 19, length - 1);
        if ((year | month | day | hour | minute | second | nanos) < 0 || hour > 23 || minute > 59 || second > 59) {
            return null;
        }
        try {
            long days = LocalDate.of(year, month, day).toEpochDay();
            return Instant.ofEpochSecond(days * 86_400 + hour * 3_600L + minute * 60L + second, nanos);
        } catch (DateTimeException noSuchDay) {
            return null;
        }
    }

    /** The number written in {@code [from, to)}, or -1 if a character there is not a digit. */
    private static int digits(String text, int from, int to) {
        int value = 0;
        for (int i = from; i < to; i++) {
            int digit = text.charAt(i) - '0';
            if (digit < 0 || digit > 9) {
                return -1;
            }
            value = value * 10 + digit;
        }
        return value;
    }

    /** Nanoseconds of an optional {@code .d{1,9}} in {@code [from, to)}, or -1 if malformed. */
    private static int fraction(String text, int from, int to) {
        if (from == to) {
            return 0;
        }
        int places = to - from - 1;
        if (text.charAt(from) != '.' || places < 1) {
            return -1;
        }
        int value = digits(text, from + 1, to);
        if (value < 0) {
            return -1;
        }
        for (int i = places; i < 9; i++) {
            value *= 10;
        }
        return value;
    }
}
