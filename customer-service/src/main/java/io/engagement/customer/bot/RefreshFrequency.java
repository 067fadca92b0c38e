package io.engagement.customer.bot;

import java.time.Duration;
import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/** How often a website source is read again. */
enum RefreshFrequency {

    DAILY(Duration.ofDays(1)),
    WEEKLY(Duration.ofDays(7)),
    MONTHLY(Duration.ofDays(30));

    private final Duration every;

    RefreshFrequency(Duration every) {
        this.every = every;
    }

    String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    static String[] wireNames() {
        return Arrays.stream(values()).map(RefreshFrequency::wireName).toArray(String[]::new);
    }

    /** The wait before the next reading; empty for a source that is never read again (a file). */
    static Optional<Duration> of(String wireName) {
        return Arrays.stream(values()).filter(frequency -> frequency.wireName().equals(wireName)).findFirst()
                .map(frequency -> frequency.every);
    }
}
