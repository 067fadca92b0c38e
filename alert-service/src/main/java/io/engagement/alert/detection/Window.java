package io.engagement.alert.detection;

import java.time.DayOfWeek;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.time.temporal.TemporalAdjusters;

/**
 * A detection window: an aligned UTC hour, UTC day, or ISO week (Monday 00:00 UTC to the next
 * Monday), by a rule's frequency. Start inclusive, end exclusive.
 */
record Window(Instant start, Instant end) {

    static Window of(String frequency, Instant at) {
        Instant start = switch (frequency) {
            case "hourly" -> at.truncatedTo(ChronoUnit.HOURS);
            case "daily" -> at.truncatedTo(ChronoUnit.DAYS);
            case "weekly" -> at.atOffset(ZoneOffset.UTC).truncatedTo(ChronoUnit.DAYS)
                    .with(TemporalAdjusters.previousOrSame(DayOfWeek.MONDAY)).toInstant();
            default -> throw new IllegalArgumentException("unknown frequency " + frequency);
        };
        return new Window(start, start.plus(length(frequency)));
    }

    static Duration length(String frequency) {
        return switch (frequency) {
            case "hourly" -> Duration.ofHours(1);
            case "daily" -> Duration.ofDays(1);
            case "weekly" -> Duration.ofDays(7);
            default -> throw new IllegalArgumentException("unknown frequency " + frequency);
        };
    }

    Window previous() {
        Duration length = Duration.between(start, end);
        return new Window(start.minus(length), start);
    }

    Window next() {
        Duration length = Duration.between(start, end);
        return new Window(end, end.plus(length));
    }
}
