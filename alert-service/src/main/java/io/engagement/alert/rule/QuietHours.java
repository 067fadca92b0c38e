package io.engagement.alert.rule;

import io.engagement.platform.validation.ObjectSchema;
import io.engagement.platform.validation.Rule;
import io.engagement.platform.validation.Rules;
import io.engagement.platform.validation.Violations;
import tools.jackson.databind.JsonNode;

import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZonedDateTime;

/**
 * A daily period, in the rule's time zone, during which alerts are raised and shown but not sent
 * elsewhere. {@code start} after {@code end} spans midnight; {@code start} equal to {@code end} is
 * an empty period.
 *
 * @param timezone an IANA zone id
 * @param start    {@code HH:MM}, inclusive
 * @param end      {@code HH:MM}, exclusive
 */
public record QuietHours(String timezone, String start, String end) {

    static final String TIME_PATTERN = "^([01][0-9]|2[0-3]):[0-5][0-9]$";

    /** {@code {"timezone", "start", "end"}} as a request gives it: alert rules and the alert triggers check it alike. */
    public static final ObjectSchema SCHEMA = ObjectSchema.of(
            ObjectSchema.required("timezone", timeZone()),
            ObjectSchema.required("start", Rules.string().pattern(TIME_PATTERN)),
            ObjectSchema.required("end", Rules.string().pattern(TIME_PATTERN))).forbiddingExtra();

    /** Whether {@code at} falls within the quiet period. */
    public boolean covers(Instant at) {
        LocalTime from = LocalTime.parse(start);
        LocalTime to = LocalTime.parse(end);
        LocalTime local = at.atZone(ZoneId.of(timezone)).toLocalTime();
        if (from.equals(to)) {
            return false;
        }
        return from.isBefore(to)
                ? !local.isBefore(from) && local.isBefore(to)
                : !local.isBefore(from) || local.isBefore(to);
    }

    /**
     * When the quiet period that covers {@code at} ends: the next {@code end} wall-clock time in the
     * zone. On a day whose {@code end} falls in a DST gap it is the first instant after the gap; in
     * an overlap, the earlier of the two instants.
     */
    public Instant endAfter(Instant at) {
        ZoneId zone = ZoneId.of(timezone);
        LocalDate day = at.atZone(zone).toLocalDate();
        LocalTime to = LocalTime.parse(end);
        for (int offset = 0; offset < 3; offset++) {
            Instant candidate = ZonedDateTime.of(day.plusDays(offset), to, zone).toInstant();
            if (candidate.isAfter(at)) {
                return candidate;
            }
        }
        throw new IllegalStateException("no end of quiet hours after " + at);
    }

    private static Rule timeZone() {
        return (value, loc, errors) -> {
            JsonNode text = Rules.string().minLength(1).apply(value, loc, errors);
            if (text == null) {
                return null;
            }
            try {
                ZoneId.of(text.asString());
                return text;
            } catch (DateTimeException unknown) {
                errors.add(Violations.valueError(loc, value, "unknown time zone, expected an IANA name such as Africa/Lagos"));
                return null;
            }
        };
    }
}
