package io.engagement.customer.supporthours;

import java.time.DayOfWeek;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.time.zone.ZoneOffsetTransition;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Whether support is open at an instant, and when that next changes: the weekly slots and days off
 * of {@link SupportHoursSettings}, read as wall-clock times of the organization's zone.
 *
 * <p>Each slot of a date is one interval, from the first instant the zone's clock shows its start
 * on that date to the first instant it shows its end. So across daylight-saving changes a slot
 * keeps its wall-clock times: a slot starting in a spring-forward gap opens when the clock jumps
 * past it; in a fall-back overlap its times are their first occurrence, and the repeated hour does
 * not open it again. A slot wholly inside a gap does not open at all. Slots that touch (one ending
 * when the next begins, {@code 24:00} and the next day's {@code 00:00} included) are one open
 * period, so no change is reported between them. A day off is closed from its midnight to the
 * next. The answer looks {@link #HORIZON_DAYS} days ahead: a status that does not change within
 * them has no next change.
 */
public final class SupportHours {

    /** A year and a week: every weekday, and each day off of the coming year, seen at least once. */
    static final int HORIZON_DAYS = 372;

    private final ZoneId zone;
    private final Map<DayOfWeek, List<Minutes>> week = new EnumMap<>(DayOfWeek.class);
    private final Set<LocalDate> daysOff;

    private SupportHours(ZoneId zone, Map<DayOfWeek, List<Minutes>> week, Set<LocalDate> daysOff) {
        this.zone = zone;
        this.week.putAll(week);
        this.daysOff = Set.copyOf(daysOff);
    }

    /** Settings that passed {@link SupportHoursSettings#SCHEMA}. */
    public static SupportHours of(SupportHoursSettings settings) {
        Map<DayOfWeek, List<Minutes>> week = new EnumMap<>(DayOfWeek.class);
        for (DayOfWeek day : DayOfWeek.values()) {
            week.put(day, settings.schedule().of(day).stream()
                    .map(slot -> new Minutes(SupportHoursSettings.Slot.minuteOf(slot.start()), SupportHoursSettings.Slot.minuteOf(slot.end())))
                    .sorted(Comparator.comparingInt(Minutes::start))
                    .toList());
        }
        return new SupportHours(ZoneId.of(settings.timezone()), week,
                settings.daysOff().stream().map(LocalDate::parse).collect(Collectors.toSet()));
    }

    public Status at(Instant at) {
        LocalDate first = LocalDate.ofInstant(at, zone);
        LocalDate last = first.plusDays(HORIZON_DAYS);
        Instant runStart = null;
        Instant runEnd = null;
        for (LocalDate date = first; !date.isAfter(last); date = date.plusDays(1)) {
            if (daysOff.contains(date)) {
                continue;
            }
            for (Minutes slot : week.get(date.getDayOfWeek())) {
                Instant start = firstInstantShowing(date, slot.start());
                Instant end = firstInstantShowing(date, slot.end());
                if (!start.isBefore(end)) {
                    continue;
                }
                if (start.equals(runEnd)) {
                    runEnd = end;
                    continue;
                }
                if (runEnd != null && runEnd.isAfter(at)) {
                    return statusWithin(runStart, runEnd, at);
                }
                runStart = start;
                runEnd = end;
            }
        }
        if (runEnd == null || !runEnd.isAfter(at)) {
            return new Status(false, null);
        }
        // the last period may go on past the horizon, where a following slot could continue it
        boolean reachesHorizon = runEnd.equals(firstInstantShowing(last.plusDays(1), 0));
        return runStart.isAfter(at) ? new Status(false, runStart) : new Status(true, reachesHorizon ? null : runEnd);
    }

    /** {@code at} is before the end of the open period {@code [start, end)}. */
    private static Status statusWithin(Instant start, Instant end, Instant at) {
        return start.isAfter(at) ? new Status(false, start) : new Status(true, end);
    }

    /**
     * The first instant the zone's clock shows {@code minute} on {@code date}: the instant the clock
     * jumps past it when it falls in a gap, its earlier occurrence when it falls in an overlap.
     */
    private Instant firstInstantShowing(LocalDate date, int minute) {
        LocalDateTime local = date.atStartOfDay().plusMinutes(minute);
        ZoneOffsetTransition transition = zone.getRules().getTransition(local);
        if (transition != null && transition.isGap()) {
            return transition.getInstant();
        }
        return ZonedDateTime.ofLocal(local, zone, null).toInstant();
    }

    /** Open or closed, and the instant that changes, or null when it does not change within the horizon. */
    public record Status(boolean open, Instant nextChangeAt) {
    }

    /** A slot as minutes since midnight, its end up to 1440. */
    private record Minutes(int start, int end) {
    }
}
