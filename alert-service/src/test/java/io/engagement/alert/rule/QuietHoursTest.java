package io.engagement.alert.rule;

import org.junit.jupiter.api.Test;

import java.time.Instant;

import static org.assertj.core.api.Assertions.assertThat;

class QuietHoursTest {

    private final QuietHours lagosNights = new QuietHours("Africa/Lagos", "22:00", "07:00"); // UTC+1, no DST

    @Test
    void aPeriodAcrossMidnightCoversTheLateEveningAndTheEarlyMorning() {
        assertThat(lagosNights.covers(Instant.parse("2026-11-24T21:00:00Z"))).isTrue(); // 22:00 local, inclusive
        assertThat(lagosNights.covers(Instant.parse("2026-11-24T23:30:00Z"))).isTrue();
        assertThat(lagosNights.covers(Instant.parse("2026-11-25T05:59:59Z"))).isTrue();
        assertThat(lagosNights.covers(Instant.parse("2026-11-25T06:00:00Z"))).isFalse(); // 07:00 local, exclusive
        assertThat(lagosNights.covers(Instant.parse("2026-11-25T12:00:00Z"))).isFalse();
    }

    @Test
    void theEndIsTheNextEndTimeAfterMidnightOrTheSameMorning() {
        assertThat(lagosNights.endAfter(Instant.parse("2026-11-24T23:30:00Z"))).isEqualTo(Instant.parse("2026-11-25T06:00:00Z"));
        assertThat(lagosNights.endAfter(Instant.parse("2026-11-25T02:00:00Z"))).isEqualTo(Instant.parse("2026-11-25T06:00:00Z"));
    }

    @Test
    void aDaytimePeriodDoesNotSpanMidnight() {
        QuietHours lunch = new QuietHours("UTC", "12:00", "13:00");

        assertThat(lunch.covers(Instant.parse("2026-11-24T12:30:00Z"))).isTrue();
        assertThat(lunch.covers(Instant.parse("2026-11-24T23:30:00Z"))).isFalse();
        assertThat(lunch.endAfter(Instant.parse("2026-11-24T12:30:00Z"))).isEqualTo(Instant.parse("2026-11-24T13:00:00Z"));
    }

    @Test
    void equalStartAndEndIsNoQuietPeriod() {
        assertThat(new QuietHours("UTC", "09:00", "09:00").covers(Instant.parse("2026-11-24T09:00:00Z"))).isFalse();
    }

    @Test
    void theEndFollowsTheLocalClockAcrossTheSpringDaylightSavingChange() {
        // Europe/Berlin moves from UTC+1 to UTC+2 at 02:00 local on 2026-03-29
        QuietHours berlinNights = new QuietHours("Europe/Berlin", "22:00", "07:00");

        assertThat(berlinNights.covers(Instant.parse("2026-03-28T22:00:00Z"))).isTrue(); // 23:00 CET
        assertThat(berlinNights.endAfter(Instant.parse("2026-03-28T22:00:00Z"))).isEqualTo(Instant.parse("2026-03-29T05:00:00Z")); // 07:00 CEST
        assertThat(berlinNights.covers(Instant.parse("2026-03-29T04:59:59Z"))).isTrue();
        assertThat(berlinNights.covers(Instant.parse("2026-03-29T05:00:00Z"))).isFalse();
    }

    @Test
    void anEndInsideTheAutumnOverlapIsItsEarlierInstant() {
        // Europe/Berlin repeats 02:00–03:00 local on 2026-10-25 (CEST then CET)
        QuietHours shortNight = new QuietHours("Europe/Berlin", "01:00", "02:30");

        assertThat(shortNight.endAfter(Instant.parse("2026-10-24T23:15:00Z"))).isEqualTo(Instant.parse("2026-10-25T00:30:00Z"));
    }

    @Test
    void anEndInsideTheSpringGapIsTheFirstInstantAfterIt() {
        // 02:30 does not exist in Europe/Berlin on 2026-03-29; it resolves to 03:30 CEST
        QuietHours shortNight = new QuietHours("Europe/Berlin", "01:00", "02:30");

        assertThat(shortNight.endAfter(Instant.parse("2026-03-29T00:15:00Z"))).isEqualTo(Instant.parse("2026-03-29T01:30:00Z"));
    }
}
