package io.engagement.analytics.collection;

import io.engagement.analytics.rollup.Rollup;
import io.engagement.analytics.rollup.Rollups;
import org.junit.jupiter.api.Test;

import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

class RangeMergeTest {

    private static final Rollups HOME = Rollups.month("home", "2026-11")
            .views("2026-11-20T09:00:00Z", "c:a", "c:b")
            .views("2026-11-21T09:00:00Z", "c:b", "c:c")
            .views("2026-11-22T09:00:00Z", "c:d");
    private static final Rollups PRICING = Rollups.month("pricing", "2026-11")
            .views("2026-11-21T10:00:00Z", "c:a", "c:e");

    private static RangeMerge merged(String start, String end, Interval interval, Rollup... rollups) {
        return RangeMerge.of(new AnalyticsRange(LocalDate.parse(start), LocalDate.parse(end), interval), List.of(rollups)).block();
    }

    private static Map<LocalDateTime, Long> usersByBucket(RangeMerge merge) {
        return merge.byBucket().entrySet().stream().collect(Collectors.toMap(Map.Entry::getKey, bucket -> bucket.getValue().users()));
    }

    @Test
    void aRangeOverTheWholeMonthCountsEachUserOnceAcrossDaysAndPages() {
        RangeMerge merge = merged("2026-11-01", "2026-11-30", Interval.DAILY, HOME.stored(), PRICING.stored());

        assertThat(merge.page("home").users()).isEqualTo(4);
        assertThat(merge.page("home").counters().visits()).isEqualTo(5);
        assertThat(merge.page("pricing").users()).isEqualTo(2);
        assertThat(merge.total().users()).isEqualTo(5);
        assertThat(merge.total().counters().visits()).isEqualTo(7);
        assertThat(usersByBucket(merge)).containsEntry(LocalDateTime.parse("2026-11-20T00:00"), 2L)
                .containsEntry(LocalDateTime.parse("2026-11-21T00:00"), 4L)
                .containsEntry(LocalDateTime.parse("2026-11-22T00:00"), 1L)
                .containsEntry(LocalDateTime.parse("2026-11-23T00:00"), 0L);
    }

    @Test
    void aRangeOverPartOfTheMonthCountsOnlyItsDays() {
        RangeMerge merge = merged("2026-11-21", "2026-11-22", Interval.DAILY, HOME.stored(), PRICING.stored());

        assertThat(merge.page("home").users()).isEqualTo(3);
        assertThat(merge.page("home").counters().visits()).isEqualTo(3);
        assertThat(merge.total().users()).isEqualTo(5);
        assertThat(usersByBucket(merge)).containsOnlyKeys(LocalDateTime.parse("2026-11-21T00:00"), LocalDateTime.parse("2026-11-22T00:00"));
    }

    @Test
    void aMonthlyBucketOverTheWholeMonthCountsEachUserOnce() {
        RangeMerge whole = merged("2026-11-01", "2026-11-30", Interval.MONTHLY, HOME.stored(), PRICING.stored());

        assertThat(usersByBucket(whole)).containsOnly(Map.entry(LocalDateTime.parse("2026-11-01T00:00"), 5L));
        assertThat(whole.page("home").users()).isEqualTo(4);
    }

    @Test
    void weeksSplitAMonthSoEachWeekMergesItsDays() {
        // Friday 20th to Sunday 22nd are one week; the 27th starts the next
        Rollup home = Rollups.month("home", "2026-11").views("2026-11-20T09:00:00Z", "c:a").views("2026-11-27T09:00:00Z", "c:a", "c:b").stored();

        RangeMerge merge = merged("2026-11-16", "2026-11-29", Interval.WEEKLY, home);

        assertThat(usersByBucket(merge)).containsOnly(Map.entry(LocalDateTime.parse("2026-11-16T00:00"), 1L),
                Map.entry(LocalDateTime.parse("2026-11-23T00:00"), 2L));
        assertThat(merge.page("home").users()).isEqualTo(2);
    }

    @Test
    void aPageWhollyInTheRangeTakesItsWholePeriodsSketchAndAPartOfItTakesItsDays() {
        // a whole-period sketch that differs from its days' shows which one each merge read
        Rollup home = HOME.storedWithPeriodUsers("c:x", "c:y", "c:z", "c:w", "c:v", "c:u");

        assertThat(merged("2026-11-01", "2026-11-30", Interval.DAILY, home).page("home").users()).isEqualTo(6);
        assertThat(merged("2026-11-01", "2026-11-30", Interval.MONTHLY, home).total().users()).isEqualTo(6);
        assertThat(merged("2026-11-21", "2026-11-30", Interval.DAILY, home).page("home").users()).isEqualTo(3);
    }
}
