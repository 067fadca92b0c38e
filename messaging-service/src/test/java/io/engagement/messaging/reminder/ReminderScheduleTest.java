package io.engagement.messaging.reminder;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class ReminderScheduleTest {

    private static final Instant SINCE = Instant.parse("2026-03-01T10:00:00Z");
    private static final ReminderSchedule HOUR_THEN_DAY = new ReminderSchedule(
            new ReminderSettings(true, List.of(60, 1440), List.of("email")), Duration.ofMinutes(1));

    @Test
    void eachReminderIsDueItsIntervalAfterTheTicketBeganWaiting() {
        assertThat(HOUR_THEN_DAY.nextDue(SINCE, 0)).contains(SINCE.plus(Duration.ofHours(1)));
        assertThat(HOUR_THEN_DAY.nextDue(SINCE, 1)).contains(SINCE.plus(Duration.ofDays(1)));
        assertThat(HOUR_THEN_DAY.nextDue(SINCE, 2)).isEmpty();
    }

    @Test
    void nothingIsDueWhileRemindersAreOff() {
        ReminderSchedule off = new ReminderSchedule(new ReminderSettings(false, List.of(60, 1440), List.of("email")), Duration.ofMinutes(1));

        assertThat(off.nextDue(SINCE, 0)).isEmpty();
    }

    @Test
    void aLateReminderStandsForTheOnesItOvertook() {
        assertThat(HOUR_THEN_DAY.sentAfter(SINCE, 0, SINCE.plus(Duration.ofMinutes(61)))).isEqualTo(1);
        assertThat(HOUR_THEN_DAY.sentAfter(SINCE, 0, SINCE.plus(Duration.ofDays(1)))).isEqualTo(2);
        assertThat(HOUR_THEN_DAY.sentAfter(SINCE, 1, SINCE.plus(Duration.ofDays(3)))).isEqualTo(2);
    }

    @Test
    void aTicketThatStaysPendingKeepsWaitingSinceItFirstDid() {
        WaitingThread first = WaitingThread.after(null, ticket("pending", SINCE), HOUR_THEN_DAY);
        WaitingThread retagged = WaitingThread.after(new WaitingThread(first.thread(), first.waitingSince(), 1, first.dueAt()),
                ticket("pending", SINCE.plusSeconds(90 * 60)), HOUR_THEN_DAY);

        assertThat(first.waitingSince()).isEqualTo(SINCE);
        assertThat(first.dueAt()).isEqualTo(SINCE.plus(Duration.ofHours(1)));
        assertThat(retagged.waitingSince()).isEqualTo(SINCE);
        assertThat(retagged.sent()).isEqualTo(1);
        assertThat(retagged.dueAt()).isEqualTo(SINCE.plus(Duration.ofDays(1)));
    }

    @Test
    void aTicketThatLeavesPendingWaitsNoMoreAndStartsAfreshWhenPendingAgain() {
        WaitingThread waiting = WaitingThread.after(null, ticket("pending", SINCE), HOUR_THEN_DAY);
        WaitingThread answered = WaitingThread.after(waiting, ticket("open", SINCE.plusSeconds(600)), HOUR_THEN_DAY);
        WaitingThread again = WaitingThread.after(answered, ticket("pending", SINCE.plusSeconds(1200)), HOUR_THEN_DAY);

        assertThat(answered.isWaiting()).isFalse();
        assertThat(answered.dueAt()).isNull();
        assertThat(again.waitingSince()).isEqualTo(SINCE.plusSeconds(1200));
        assertThat(again.sent()).isZero();
        assertThat(again.dueAt()).isEqualTo(SINCE.plusSeconds(1200).plus(Duration.ofHours(1)));
    }

    private static FollowedThread ticket(String status, Instant updated) {
        return FollowedThread.ticket(7, "t-1", status, "Card declined", "ann@example.com", null, updated);
    }
}
