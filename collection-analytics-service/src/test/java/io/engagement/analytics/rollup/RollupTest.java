package io.engagement.analytics.rollup;

import io.engagement.analytics.activity.PageActivity;
import org.bson.Document;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.time.LocalDateTime;

import static org.assertj.core.api.Assertions.assertThat;

class RollupTest {

    private static PageActivity view(String at, String user) {
        return new PageActivity(7, "page", Instant.parse(at), 1, 1, 0, 0, 0, 0, 0, user);
    }

    private static PageActivity leave(String at, double durationMs) {
        return new PageActivity(7, "page", Instant.parse(at), 0, 0, 1, durationMs, 0.5, 0, 0, null);
    }

    private static long users(Rollup.Slot slot) {
        return new UniqueUsers.Merge().add(slot.users()).estimate();
    }

    private static Rollup stored(Rollup rollup) {
        return Rollup.from(rollup.toDocument()).withUsers(Rollup.usersOf(rollup.usersDocument()));
    }

    @Test
    void anActivityCountsInItsMonthsDayAndItsDaysHour() {
        assertThat(Rollup.idsOf(view("2026-11-21T09:15:00Z", "c:a"))).containsExactly("7:page:2026-11", "7:page:2026-11-21");
    }

    @Test
    void keepsCountersAndSketchesPerSlotThroughStorage() {
        Rollup month = Rollup.empty(7, "page", "7:page:2026-11");
        Rollup day = Rollup.empty(7, "page", "7:page:2026-11-21");
        for (Rollup rollup : new Rollup[] {month, day}) {
            rollup.apply(0, 10, view("2026-11-21T09:15:00Z", "c:a"));
            rollup.apply(0, 11, view("2026-11-21T09:45:00Z", "c:b"));
            rollup.apply(0, 12, leave("2026-11-21T13:00:00Z", 4000));
        }

        Rollup storedMonth = stored(month);
        Rollup storedDay = stored(day);

        assertThat(storedMonth.slots()).containsOnlyKeys(21);
        assertThat(storedMonth.startOf(21)).isEqualTo(LocalDateTime.parse("2026-11-21T00:00"));
        assertThat(storedMonth.slots().get(21).counters().visits()).isEqualTo(2);
        assertThat(storedMonth.slots().get(21).counters().durationMs()).isEqualTo(4000);
        assertThat(users(storedMonth.slots().get(21))).isEqualTo(2);
        assertThat(storedDay.slots()).containsOnlyKeys(9, 13);
        assertThat(storedDay.startOf(13)).isEqualTo(LocalDateTime.parse("2026-11-21T13:00"));
        assertThat(storedDay.slots().get(9).counters().visits()).isEqualTo(2);
        assertThat(users(storedDay.slots().get(9))).isEqualTo(2);
        assertThat(storedDay.slots().get(13).counters().leaves()).isEqualTo(1);
    }

    @Test
    void skipsARecordItHasAlreadyAppliedFromTheSamePartition() {
        Rollup rollup = Rollup.empty(7, "page", "7:page:2026-11");
        assertThat(rollup.apply(2, 40, view("2026-11-21T09:15:00Z", "c:a"))).isTrue();
        Rollup stored = stored(rollup);

        assertThat(stored.apply(2, 40, view("2026-11-21T09:15:00Z", "c:a"))).isFalse();
        assertThat(stored.apply(2, 39, view("2026-11-21T09:15:00Z", "c:z"))).isFalse();
        assertThat(stored.apply(3, 5, view("2026-11-22T10:15:00Z", "c:b"))).isTrue();
        assertThat(stored.slots().get(21).counters().visits()).isEqualTo(1);
        assertThat(stored.slots().get(22).counters().visits()).isEqualTo(1);
    }

    @Test
    void anUntouchedRollupIsWrittenBackAsItWasRead() {
        Rollup rollup = Rollup.empty(7, "page", "7:page:2026-11-21");
        rollup.apply(0, 1, view("2026-11-21T09:15:00Z", "c:a"));
        Document first = rollup.toDocument();
        Document firstUsers = rollup.usersDocument();

        Rollup again = Rollup.from(first).withUsers(Rollup.usersOf(firstUsers));

        assertThat(again.toDocument().toJson()).isEqualTo(first.toJson());
        assertThat(again.usersDocument().toJson()).isEqualTo(firstUsers.toJson());
    }

    @Test
    void everyPollThatChangesARollupGivesItANewVersionForBothDocuments() {
        Rollup rollup = Rollup.empty(7, "page", "7:page:2026-11");
        rollup.apply(0, 1, view("2026-11-21T09:15:00Z", "c:a"));
        rollup.apply(0, 2, view("2026-11-21T09:16:00Z", "c:b"));
        assertThat(rollup.version()).isEqualTo(1);

        Rollup next = stored(rollup);
        assertThat(next.apply(0, 2, view("2026-11-21T09:16:00Z", "c:b"))).isFalse();
        assertThat(next.version()).isEqualTo(1);
        next.apply(0, 3, view("2026-11-21T09:17:00Z", "c:c"));

        assertThat(next.version()).isEqualTo(2);
        assertThat(next.toDocument().get("version")).isEqualTo(2L);
        assertThat(next.usersDocument().get("version")).isEqualTo(2L);
    }

    @Test
    void keepsEveryoneOfTheWholePeriodInOneSketchBesidesTheSlots() {
        Rollup month = Rollup.empty(7, "page", "7:page:2026-11");
        month.apply(0, 1, view("2026-11-20T09:15:00Z", "c:a"));
        month.apply(0, 2, view("2026-11-21T09:15:00Z", "c:a"));
        month.apply(0, 3, view("2026-11-21T10:15:00Z", "c:b"));
        month.apply(0, 4, leave("2026-11-22T10:15:00Z", 1000));

        Rollup stored = stored(month);

        assertThat(stored.slots()).containsOnlyKeys(20, 21, 22);
        assertThat(new UniqueUsers.Merge().add(stored.periodUsers().orElseThrow()).estimate()).isEqualTo(2);
    }

    @Test
    void aRollupWithUsersInOneSlotOnlyKeepsNoSecondSketchOfThem() {
        Rollup day = Rollup.empty(7, "page", "7:page:2026-11-21");
        day.apply(0, 1, view("2026-11-21T09:15:00Z", "c:a"));
        day.apply(0, 2, view("2026-11-21T09:45:00Z", "c:b"));
        day.apply(0, 3, leave("2026-11-21T13:00:00Z", 4000));

        Rollup stored = stored(day);

        assertThat(stored.users()).containsOnlyKeys(9);
        assertThat(new UniqueUsers.Merge().add(stored.periodUsers().orElseThrow()).estimate()).isEqualTo(2);
    }
}
