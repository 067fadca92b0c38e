package io.engagement.customer.supporthours;

import io.engagement.customer.supporthours.SupportHoursSettings.Slot;
import io.engagement.customer.supporthours.SupportHoursSettings.Week;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

import java.time.DayOfWeek;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class SupportHoursTest {

    private static final List<Slot> CLOSED = List.of();

    @Nested
    class TheDefaults {

        private final SupportHours hours = SupportHours.of(SupportHoursSettings.DEFAULTS);

        @Test
        void areOpenOnAWeekdayMorningUntilFivePmUtc() {
            // 2026-11-23 is a Monday
            assertThat(hours.at(at("2026-11-23T10:00:00Z"))).isEqualTo(open("2026-11-23T17:00:00Z"));
        }

        @Test
        void openAtTheSlotsFirstInstantAndCloseAtItsEnd() {
            assertThat(hours.at(at("2026-11-23T09:00:00Z"))).isEqualTo(open("2026-11-23T17:00:00Z"));
            assertThat(hours.at(at("2026-11-23T08:59:59.999Z"))).isEqualTo(closed("2026-11-23T09:00:00Z"));
            assertThat(hours.at(at("2026-11-23T17:00:00Z"))).isEqualTo(closed("2026-11-24T09:00:00Z"));
        }

        @Test
        void areClosedOverTheWeekendUntilMondayMorning() {
            assertThat(hours.at(at("2026-11-27T17:30:00Z"))).isEqualTo(closed("2026-11-30T09:00:00Z"));
            assertThat(hours.at(at("2026-11-29T12:00:00Z"))).isEqualTo(closed("2026-11-30T09:00:00Z"));
        }
    }

    @Nested
    class SlotsAndDaysOff {

        @Test
        void aLunchBreakClosesBetweenTwoSlots() {
            SupportHours hours = weekdays("UTC", List.of(slot("13:00", "17:00"), slot("09:00", "12:00")));

            assertThat(hours.at(at("2026-11-23T11:00:00Z"))).isEqualTo(open("2026-11-23T12:00:00Z"));
            assertThat(hours.at(at("2026-11-23T12:30:00Z"))).isEqualTo(closed("2026-11-23T13:00:00Z"));
        }

        @Test
        void touchingSlotsAreOneOpenPeriod() {
            SupportHours hours = weekdays("UTC", List.of(slot("09:00", "12:00"), slot("12:00", "17:00")));

            assertThat(hours.at(at("2026-11-23T10:00:00Z"))).isEqualTo(open("2026-11-23T17:00:00Z"));
        }

        @Test
        void aSlotUntilMidnightRunsOnIntoTheNextDaysSlotFromMidnight() {
            Map<DayOfWeek, List<Slot>> days = new EnumMap<>(DayOfWeek.class);
            days.put(DayOfWeek.MONDAY, List.of(slot("20:00", "24:00")));
            days.put(DayOfWeek.TUESDAY, List.of(slot("00:00", "02:00")));
            SupportHours hours = hours("UTC", days);

            assertThat(hours.at(at("2026-11-23T23:00:00Z"))).isEqualTo(open("2026-11-24T02:00:00Z"));
            assertThat(hours.at(at("2026-11-23T19:00:00Z"))).isEqualTo(closed("2026-11-23T20:00:00Z"));
        }

        @Test
        void aDayOffIsClosedAllDayInTheOrganizationsZone() {
            SupportHours hours = SupportHours.of(new SupportHoursSettings("Asia/Tokyo", everyDay(slot("09:00", "17:00")),
                    List.of("2026-11-24")));

            // 09:30 on Tuesday 24 November in Tokyo; Wednesday opens at 09:00 JST, midnight UTC
            assertThat(hours.at(at("2026-11-24T00:30:00Z"))).isEqualTo(closed("2026-11-25T00:00:00Z"));
            assertThat(hours.at(at("2026-11-23T01:00:00Z"))).isEqualTo(open("2026-11-23T08:00:00Z"));
        }

        @Test
        void theDateOfAnInstantIsTheOrganizationsDate() {
            SupportHours hours = SupportHours.of(new SupportHoursSettings("Asia/Tokyo",
                    new Week(List.of(slot("09:00", "17:00")), CLOSED, CLOSED, CLOSED, CLOSED, CLOSED, CLOSED), List.of()));

            // Sunday 23:30 in UTC is Monday 08:30 in Tokyo: half an hour before Monday's slot
            assertThat(hours.at(at("2026-11-22T23:30:00Z"))).isEqualTo(closed("2026-11-23T00:00:00Z"));
        }

        @Test
        void consecutiveDaysOffAreSkipped() {
            SupportHours hours = SupportHours.of(new SupportHoursSettings("UTC", SupportHoursSettings.DEFAULTS.schedule(),
                    List.of("2026-12-24", "2026-12-25", "2026-12-28")));

            // Thursday 24th and Friday 25th off, the weekend closed, Monday 28th off
            assertThat(hours.at(at("2026-12-23T18:00:00Z"))).isEqualTo(closed("2026-12-29T09:00:00Z"));
        }

        @Test
        void aDayOffBreaksAnOtherwiseUnendingOpenPeriod() {
            SupportHours hours = SupportHours.of(new SupportHoursSettings("UTC", everyDay(slot("00:00", "24:00")),
                    List.of("2026-12-25")));

            assertThat(hours.at(at("2026-12-01T12:00:00Z"))).isEqualTo(open("2026-12-25T00:00:00Z"));
            assertThat(hours.at(at("2026-12-25T12:00:00Z"))).isEqualTo(closed("2026-12-26T00:00:00Z"));
        }
    }

    @Nested
    class StatusesThatNeverChange {

        @Test
        void everyDayClosedIsClosedWithNoNextChange() {
            SupportHours hours = hours("UTC", Map.of());

            assertThat(hours.at(at("2026-11-23T10:00:00Z"))).isEqualTo(new SupportHours.Status(false, null));
        }

        @Test
        void openAroundTheClockIsOpenWithNoNextChange() {
            SupportHours hours = SupportHours.of(new SupportHoursSettings("Europe/Berlin", everyDay(slot("00:00", "24:00")), List.of()));

            assertThat(hours.at(at("2026-03-29T01:30:00Z"))).isEqualTo(new SupportHours.Status(true, null));
        }

        @Test
        void aChangeBeyondAYearAndAWeekIsNotLookedFor() {
            SupportHours hours = SupportHours.of(new SupportHoursSettings("UTC",
                    new Week(List.of(slot("09:00", "17:00")), CLOSED, CLOSED, CLOSED, CLOSED, CLOSED, CLOSED),
                    mondays(LocalDate.parse("2026-11-23"), 60)));

            assertThat(hours.at(at("2026-11-23T10:00:00Z"))).isEqualTo(new SupportHours.Status(false, null));
        }

        @Test
        void aChangeWithinTheYearIsFoundAfterMonthsOfDaysOff() {
            SupportHours hours = SupportHours.of(new SupportHoursSettings("UTC",
                    new Week(List.of(slot("09:00", "17:00")), CLOSED, CLOSED, CLOSED, CLOSED, CLOSED, CLOSED),
                    mondays(LocalDate.parse("2026-11-23"), 50)));

            // fifty Mondays off, from 23 November 2026 to 1 November 2027; the first working Monday is 8 November 2027
            assertThat(hours.at(at("2026-11-23T10:00:00Z"))).isEqualTo(closed("2027-11-08T09:00:00Z"));
        }
    }

    /** New York: clocks go from 02:00 EST to 03:00 EDT on 8 March 2026, and from 02:00 EDT back to 01:00 EST on 1 November. */
    @Nested
    class NewYork {

        private static final String ZONE = "America/New_York";

        @Test
        void aSlotAcrossTheSpringForwardGapLastsTwoRealHoursForThreeOnTheClock() {
            SupportHours hours = sundays(ZONE, slot("01:00", "04:00"));

            // 01:59 EST is 06:59Z; the slot ends at 04:00 EDT, 08:00Z
            assertThat(hours.at(at("2026-03-08T06:59:00Z"))).isEqualTo(open("2026-03-08T08:00:00Z"));
            assertThat(hours.at(at("2026-03-08T07:00:00Z"))).isEqualTo(open("2026-03-08T08:00:00Z"));
            assertThat(hours.at(at("2026-03-08T08:00:00Z"))).isEqualTo(closed("2026-03-15T05:00:00Z"));
        }

        @Test
        void aSlotStartingInTheGapOpensWhenTheClockJumpsPastItsStart() {
            SupportHours hours = sundays(ZONE, slot("02:30", "05:00"));

            assertThat(hours.at(at("2026-03-08T06:59:00Z"))).isEqualTo(closed("2026-03-08T07:00:00Z"));
            assertThat(hours.at(at("2026-03-08T07:00:00Z"))).isEqualTo(open("2026-03-08T09:00:00Z"));
        }

        @Test
        void aSlotWhollyInsideTheGapDoesNotOpenThatDay() {
            SupportHours hours = sundays(ZONE, slot("02:00", "02:45"));

            // a week later 02:00 exists again, in EDT
            assertThat(hours.at(at("2026-03-08T06:00:00Z"))).isEqualTo(closed("2026-03-15T06:00:00Z"));
        }

        @Test
        void officeHoursFollowTheClockAcrossTheChange() {
            SupportHours hours = SupportHours.of(new SupportHoursSettings(ZONE, SupportHoursSettings.DEFAULTS.schedule(), List.of()));

            // Friday 6 March closes at 17:00 EST (22:00Z); Monday 9 March opens at 09:00 EDT (13:00Z)
            assertThat(hours.at(at("2026-03-06T21:59:00Z"))).isEqualTo(open("2026-03-06T22:00:00Z"));
            assertThat(hours.at(at("2026-03-06T22:30:00Z"))).isEqualTo(closed("2026-03-09T13:00:00Z"));
        }

        @Test
        void aSlotEndingInTheFallBackOverlapEndsAtItsFirstOccurrenceAndTheRepeatedHourStaysClosed() {
            SupportHours hours = sundays(ZONE, slot("00:00", "01:30"));

            // 00:00 EDT is 04:00Z; 01:30 EDT is 05:30Z; 01:15 EST, the hour repeated, is 06:15Z
            assertThat(hours.at(at("2026-11-01T05:29:00Z"))).isEqualTo(open("2026-11-01T05:30:00Z"));
            assertThat(hours.at(at("2026-11-01T06:15:00Z"))).isEqualTo(closed("2026-11-08T05:00:00Z"));
        }

        @Test
        void aSlotStartingInTheOverlapOpensAtItsFirstOccurrenceAndStaysOpenThroughTheRepeat() {
            SupportHours hours = sundays(ZONE, slot("01:30", "03:00"));

            // from 01:30 EDT (05:30Z) to 03:00 EST (08:00Z): two and a half real hours
            assertThat(hours.at(at("2026-11-01T05:29:00Z"))).isEqualTo(closed("2026-11-01T05:30:00Z"));
            assertThat(hours.at(at("2026-11-01T06:15:00Z"))).isEqualTo(open("2026-11-01T08:00:00Z"));
        }
    }

    /** Berlin: clocks go from 02:00 CET to 03:00 CEST on 29 March 2026, and from 03:00 CEST back to 02:00 CET on 25 October. */
    @Nested
    class Berlin {

        private static final String ZONE = "Europe/Berlin";

        @Test
        void aSlotAcrossTheSpringForwardGapEndsAtThreeOclockSummerTime() {
            SupportHours hours = sundays(ZONE, slot("01:00", "03:00"));

            // 01:00 CET is 00:00Z and 03:00 CEST is 01:00Z: one real hour
            assertThat(hours.at(at("2026-03-29T00:59:00Z"))).isEqualTo(open("2026-03-29T01:00:00Z"));
            // the next Sunday's 01:00 is summer time, 23:00Z on the Saturday
            assertThat(hours.at(at("2026-03-29T01:00:00Z"))).isEqualTo(closed("2026-04-04T23:00:00Z"));
        }

        @Test
        void aSlotStartingInTheGapOpensAtThreeOclockSummerTime() {
            SupportHours hours = sundays(ZONE, slot("02:15", "04:00"));

            assertThat(hours.at(at("2026-03-28T23:00:00Z"))).isEqualTo(closed("2026-03-29T01:00:00Z"));
        }

        @Test
        void aSlotStartingInTheFallBackOverlapRunsFromItsFirstOccurrence() {
            SupportHours hours = sundays(ZONE, slot("02:30", "04:00"));

            // 02:30 CEST is 00:30Z; 02:15 CET, the hour repeated, is 01:15Z; 04:00 CET is 03:00Z
            assertThat(hours.at(at("2026-10-25T00:29:00Z"))).isEqualTo(closed("2026-10-25T00:30:00Z"));
            assertThat(hours.at(at("2026-10-25T01:15:00Z"))).isEqualTo(open("2026-10-25T03:00:00Z"));
        }

        @Test
        void weekdayHoursMoveByAnHourInUtcAcrossTheChange() {
            SupportHours hours = SupportHours.of(new SupportHoursSettings(ZONE, SupportHoursSettings.DEFAULTS.schedule(), List.of()));

            // Friday 23 October closes at 17:00 CEST (15:00Z); Monday 26 October opens at 09:00 CET (08:00Z)
            assertThat(hours.at(at("2026-10-23T15:00:00Z"))).isEqualTo(closed("2026-10-26T08:00:00Z"));
        }
    }

    /** São Paulo moved its clocks from 00:00 to 01:00 on 4 November 2018: that Sunday had no midnight. */
    @Test
    void aDayWithoutAMidnightStillJoinsTheSlotsOnEitherSide() {
        Map<DayOfWeek, List<Slot>> days = new EnumMap<>(DayOfWeek.class);
        days.put(DayOfWeek.SATURDAY, List.of(slot("20:00", "24:00")));
        days.put(DayOfWeek.SUNDAY, List.of(slot("00:00", "02:00")));
        SupportHours hours = hours("America/Sao_Paulo", days);

        // Saturday 23:00 at -03 is 02:00Z; Sunday 02:00 at -02 is 04:00Z
        assertThat(hours.at(at("2018-11-04T02:00:00Z"))).isEqualTo(open("2018-11-04T04:00:00Z"));
    }

    private static SupportHours sundays(String zone, Slot slot) {
        return hours(zone, Map.of(DayOfWeek.SUNDAY, List.of(slot)));
    }

    private static SupportHours weekdays(String zone, List<Slot> slots) {
        Map<DayOfWeek, List<Slot>> days = new EnumMap<>(DayOfWeek.class);
        for (DayOfWeek day : List.of(DayOfWeek.MONDAY, DayOfWeek.TUESDAY, DayOfWeek.WEDNESDAY, DayOfWeek.THURSDAY, DayOfWeek.FRIDAY)) {
            days.put(day, slots);
        }
        return hours(zone, days);
    }

    private static SupportHours hours(String zone, Map<DayOfWeek, List<Slot>> days) {
        List<List<Slot>> week = new ArrayList<>();
        for (DayOfWeek day : DayOfWeek.values()) {
            week.add(days.getOrDefault(day, CLOSED));
        }
        return SupportHours.of(new SupportHoursSettings(zone,
                new Week(week.get(0), week.get(1), week.get(2), week.get(3), week.get(4), week.get(5), week.get(6)), List.of()));
    }

    private static Week everyDay(Slot slot) {
        List<Slot> slots = List.of(slot);
        return new Week(slots, slots, slots, slots, slots, slots, slots);
    }

    private static List<String> mondays(LocalDate first, int count) {
        return java.util.stream.IntStream.range(0, count).mapToObj(week -> first.plusWeeks(week).toString()).toList();
    }

    private static Slot slot(String start, String end) {
        return new Slot(start, end);
    }

    private static Instant at(String instant) {
        return Instant.parse(instant);
    }

    private static SupportHours.Status open(String until) {
        return new SupportHours.Status(true, Instant.parse(until));
    }

    private static SupportHours.Status closed(String until) {
        return new SupportHours.Status(false, Instant.parse(until));
    }
}
