package io.engagement.alert.delivery;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class RetryScheduleTest {

    private final RetrySchedule schedule = new RetrySchedule(new DeliverySettings(null, null, null, null, null, 0).retryDelays(), 0.1);

    @Test
    void theDefaultScheduleIsFiveSecondsToTenHoursThenFailure() {
        List<Duration> waits = java.util.stream.IntStream.rangeClosed(1, 8)
                .mapToObj(attempt -> schedule.after(attempt, () -> 0.5).orElseThrow()).toList();

        assertThat(waits).containsExactly(Duration.ofSeconds(5), Duration.ofSeconds(30), Duration.ofMinutes(2), Duration.ofMinutes(5),
                Duration.ofMinutes(30), Duration.ofHours(2), Duration.ofHours(5), Duration.ofHours(10));
        assertThat(schedule.after(9, () -> 0.5)).isEmpty();
        assertThat(schedule.maxAttempts()).isEqualTo(9);
    }

    @Test
    void eachWaitVariesByAtMostTenPercentEitherWay() {
        assertThat(schedule.after(1, () -> 0.0)).contains(Duration.ofMillis(4500));
        assertThat(schedule.after(1, () -> 0.999999)).hasValueSatisfying(wait -> assertThat(wait).isBetween(Duration.ofMillis(5499), Duration.ofMillis(5500)));
        assertThat(schedule.after(8, () -> 0.0)).contains(Duration.ofHours(9));
    }
}
