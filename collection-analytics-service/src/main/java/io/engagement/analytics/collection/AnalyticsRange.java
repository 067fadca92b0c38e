package io.engagement.analytics.collection;

import io.engagement.platform.error.RequestValidationException;
import io.engagement.platform.validation.Loc;
import io.engagement.platform.validation.ParamReader;
import io.engagement.platform.validation.Violations;
import org.springframework.web.server.ServerWebExchange;

import java.time.Clock;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.YearMonth;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The whole UTC days [start, end], both inclusive, and the trend interval. Without dates the range is
 * the last 30 days up to today; with one date the other follows from it.
 */
record AnalyticsRange(LocalDate start, LocalDate end, Interval interval) {

    static final int DEFAULT_DAYS = 30;
    static final int MAX_DAYS = 366;

    static AnalyticsRange from(ServerWebExchange exchange, Clock clock) {
        ParamReader query = ParamReader.query(exchange);
        Optional<LocalDate> start = query.date("start");
        Optional<LocalDate> end = query.date("end");
        Interval interval = Interval.named(query.literal("interval", "daily", Interval.NAMES));
        query.validate();
        LocalDate today = LocalDate.now(clock);
        LocalDate last = end.orElse(today);
        LocalDate first = start.orElse(last.minusDays(DEFAULT_DAYS - 1));
        if (ChronoUnit.DAYS.between(first, last) >= MAX_DAYS) {
            throw new RequestValidationException(List.of(Violations.valueError(Loc.query("end"), end.map(LocalDate::toString).orElse(null),
                    "the range from start to end may span at most " + MAX_DAYS + " days")));
        }
        return new AnalyticsRange(first, last, interval);
    }

    boolean isBackwards() {
        return end.isBefore(start);
    }

    boolean contains(LocalDate day) {
        return !day.isBefore(start) && !day.isAfter(end);
    }

    List<YearMonth> months() {
        List<YearMonth> months = new ArrayList<>();
        for (YearMonth month = YearMonth.from(start); !isBackwards() && !month.isAfter(YearMonth.from(end)); month = month.plusMonths(1)) {
            months.add(month);
        }
        return months;
    }

    List<LocalDate> days() {
        return isBackwards() ? List.of() : start.datesUntil(end.plusDays(1)).toList();
    }

    /** Every bucket start of the range, oldest first. */
    List<LocalDateTime> buckets() {
        List<LocalDateTime> buckets = new ArrayList<>();
        if (isBackwards()) {
            return buckets;
        }
        LocalDateTime until = end.plusDays(1).atStartOfDay();
        for (LocalDateTime bucket = interval.startOf(start); bucket.isBefore(until); bucket = interval.next(bucket)) {
            buckets.add(bucket);
        }
        return buckets;
    }
}
