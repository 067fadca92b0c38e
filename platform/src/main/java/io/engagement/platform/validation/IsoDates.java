package io.engagement.platform.validation;

import java.time.DateTimeException;
import java.time.LocalDate;
import java.util.Optional;

/** Tells why a text is not a {@code YYYY-MM-DD} date, in the words pydantic (speedate) uses. */
final class IsoDates {

    private IsoDates() {
    }

    static Optional<String> fault(String text) {
        if (text.length() < 10) {
            return Optional.of("input is too short");
        }
        if (!digits(text, 0, 4)) {
            return Optional.of("invalid character in year");
        }
        if (text.charAt(4) != '-' || text.charAt(7) != '-') {
            return Optional.of("invalid date separator, expected `-`");
        }
        if (!digits(text, 5, 7)) {
            return Optional.of("invalid character in month");
        }
        if (!digits(text, 8, 10)) {
            return Optional.of("invalid character in day");
        }
        if (text.length() > 10) {
            return Optional.of("unexpected extra characters at the end of the input");
        }
        int month = Integer.parseInt(text.substring(5, 7));
        if (month < 1 || month > 12) {
            return Optional.of("month value is outside expected range of 1-12");
        }
        try {
            LocalDate.parse(text);
            return Optional.empty();
        } catch (DateTimeException impossibleDay) {
            return Optional.of("day value is outside expected range");
        }
    }

    private static boolean digits(String text, int from, int to) {
        for (int i = from; i < to; i++) {
            if (!Character.isDigit(text.charAt(i)) || text.charAt(i) > '9') {
                return false;
            }
        }
        return true;
    }
}
