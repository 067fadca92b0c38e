package io.engagement.alert.delivery;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.DoubleSupplier;

/** When a failed delivery is tried again: the configured waits in turn, each ±jitter, then never. */
final class RetrySchedule {

    private final List<Duration> delays;
    private final double jitter;

    RetrySchedule(List<Duration> delays, double jitter) {
        this.delays = List.copyOf(delays);
        this.jitter = jitter;
    }

    /**
     * The wait after the {@code attempts}-th failed attempt, or empty when that was the last one allowed.
     *
     * @param random a uniform value in [0, 1)
     */
    Optional<Duration> after(int attempts, DoubleSupplier random) {
        if (attempts < 1 || attempts > delays.size()) {
            return Optional.empty();
        }
        Duration base = delays.get(attempts - 1);
        double factor = 1 + jitter * (2 * random.getAsDouble() - 1);
        return Optional.of(Duration.ofMillis(Math.round(base.toMillis() * factor)));
    }

    int maxAttempts() {
        return delays.size() + 1;
    }
}
