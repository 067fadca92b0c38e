package io.engagement.analytics.rollup;

import io.engagement.analytics.activity.PageActivity;
import org.bson.Document;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.time.LocalDate;

import static org.assertj.core.api.Assertions.assertThat;

class PageDayTest {

    private static final LocalDate DAY = LocalDate.parse("2026-11-21");

    private static PageActivity view(String at, String user) {
        return new PageActivity(7, "page", Instant.parse(at), 1, 1, 0, 0, 0, 0, 0, user);
    }

    private static PageActivity leave(String at, double durationMs) {
        return new PageActivity(7, "page", Instant.parse(at), 0, 0, 1, durationMs, 0.5, 0, 0, null);
    }

    @Test
    void keepsCountersAndSketchesPerDayAndHourThroughStorage() {
        PageDay day = PageDay.empty(7, "page", DAY);
        day.apply(0, 10, view("2026-11-21T09:15:00Z", "c:a"));
        day.apply(0, 11, view("2026-11-21T09:45:00Z", "c:b"));
        day.apply(0, 12, leave("2026-11-21T13:00:00Z", 4000));

        PageDay stored = PageDay.from(day.toDocument());

        assertThat(stored.id()).isEqualTo("7:page:2026-11-21");
        assertThat(stored.totals().visits()).isEqualTo(2);
        assertThat(stored.totals().durationMs()).isEqualTo(4000);
        assertThat(new UniqueUsers.Merge().add(stored.users()).estimate()).isEqualTo(2);
        assertThat(stored.hours()).containsOnlyKeys(9, 13);
        assertThat(stored.hours().get(9).counters().visits()).isEqualTo(2);
        assertThat(stored.hours().get(13).counters().leaves()).isEqualTo(1);
        assertThat(new UniqueUsers.Merge().add(stored.hours().get(9).users()).estimate()).isEqualTo(2);
    }

    @Test
    void skipsARecordItHasAlreadyAppliedFromTheSamePartition() {
        PageDay day = PageDay.empty(7, "page", DAY);
        assertThat(day.apply(2, 40, view("2026-11-21T09:15:00Z", "c:a"))).isTrue();
        PageDay stored = PageDay.from(day.toDocument());

        assertThat(stored.apply(2, 40, view("2026-11-21T09:15:00Z", "c:a"))).isFalse();
        assertThat(stored.apply(2, 39, view("2026-11-21T09:15:00Z", "c:z"))).isFalse();
        assertThat(stored.apply(3, 5, view("2026-11-21T10:15:00Z", "c:b"))).isTrue();
        assertThat(stored.totals().visits()).isEqualTo(2);
    }

    @Test
    void anUntouchedDayIsWrittenBackAsItWasRead() {
        PageDay day = PageDay.empty(7, "page", DAY);
        day.apply(0, 1, view("2026-11-21T09:15:00Z", "c:a"));
        Document first = day.toDocument();

        Document again = PageDay.from(first).toDocument();

        assertThat(again.toJson()).isEqualTo(first.toJson());
    }
}
