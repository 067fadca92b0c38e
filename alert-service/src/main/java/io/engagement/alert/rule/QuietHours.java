package io.engagement.alert.rule;

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
}
