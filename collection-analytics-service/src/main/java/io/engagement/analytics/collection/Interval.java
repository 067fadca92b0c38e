package io.engagement.analytics.collection;

import java.time.DayOfWeek;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.temporal.TemporalAdjusters;
import java.util.List;
import java.util.Locale;

/** Trend bucket sizes; every bucket starts at a UTC boundary (weeks on Monday). */
enum Interval {
    HOURLY, DAILY, WEEKLY, MONTHLY;

    static final List<String> NAMES = List.of("hourly", "daily", "weekly", "monthly");

    static Interval named(String name) {
        return valueOf(name.toUpperCase(Locale.ROOT));
    }

    /** The start of the bucket a day falls in; hours are bucketed by {@link #startOf(LocalDateTime)}. */
    LocalDateTime startOf(LocalDate day) {
        return switch (this) {
            case HOURLY, DAILY -> day.atStartOfDay();
            case WEEKLY -> day.with(TemporalAdjusters.previousOrSame(DayOfWeek.MONDAY)).atStartOfDay();
            case MONTHLY -> day.withDayOfMonth(1).atStartOfDay();
        };
    }

    LocalDateTime startOf(LocalDateTime hour) {
        return this == HOURLY ? hour : startOf(hour.toLocalDate());
    }

    LocalDateTime next(LocalDateTime bucket) {
        return switch (this) {
            case HOURLY -> bucket.plusHours(1);
            case DAILY -> bucket.plusDays(1);
            case WEEKLY -> bucket.plusWeeks(1);
            case MONTHLY -> bucket.plusMonths(1);
        };
    }
}
