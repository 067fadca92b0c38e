package io.engagement.alert.detection;

import org.junit.jupiter.api.Test;

import java.time.Instant;

import static org.assertj.core.api.Assertions.assertThat;

class WindowTest {

    private static final Instant AT = Instant.parse("2026-11-26T14:37:12.345Z"); // a Thursday

    @Test
    void hourlyWindowsAreAlignedUtcHours() {
        assertThat(Window.of("hourly", AT)).isEqualTo(new Window(Instant.parse("2026-11-26T14:00:00Z"), Instant.parse("2026-11-26T15:00:00Z")));
    }

    @Test
    void dailyWindowsAreUtcDays() {
        assertThat(Window.of("daily", AT)).isEqualTo(new Window(Instant.parse("2026-11-26T00:00:00Z"), Instant.parse("2026-11-27T00:00:00Z")));
    }

    @Test
    void weeklyWindowsAreIsoWeeksStartingMondayMidnightUtc() {
        assertThat(Window.of("weekly", AT)).isEqualTo(new Window(Instant.parse("2026-11-23T00:00:00Z"), Instant.parse("2026-11-30T00:00:00Z")));
        assertThat(Window.of("weekly", Instant.parse("2026-11-23T00:00:00Z")).start()).isEqualTo(Instant.parse("2026-11-23T00:00:00Z"));
        assertThat(Window.of("weekly", Instant.parse("2026-11-29T23:59:59.999Z")).start()).isEqualTo(Instant.parse("2026-11-23T00:00:00Z"));
    }

    @Test
    void aWindowsStartBelongsToItAndItsEndToTheNext() {
        Window hour = Window.of("hourly", Instant.parse("2026-11-26T14:00:00Z"));

        assertThat(hour.start()).isEqualTo(Instant.parse("2026-11-26T14:00:00Z"));
        assertThat(Window.of("hourly", hour.end())).isEqualTo(hour.next());
        assertThat(hour.previous().end()).isEqualTo(hour.start());
    }
}
