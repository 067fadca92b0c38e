package io.engagement.alert.delivery;

import org.springframework.boot.context.properties.ConfigurationProperties;

import java.time.Duration;
import java.util.List;

/**
 * How alert deliveries are sent and retried.
 *
 * @param retryDelays  the wait before each retry after a failed attempt; once all are spent the delivery fails
 * @param jitter       each wait varies by up to this fraction either way
 * @param timeout      the longest an outbound call may take
 * @param pollEvery    how often due deliveries are looked for (new alerts also wake the poller at once)
 * @param lease        how long a claimed delivery is left to its sender before another poll may claim it again
 * @param maxInFlight  attempts under way at once in this instance
 */
@ConfigurationProperties("engagement.alert.delivery")
public record DeliverySettings(List<Duration> retryDelays, Double jitter, Duration timeout, Duration pollEvery,
                               Duration lease, int maxInFlight) {

    public DeliverySettings {
        retryDelays = retryDelays == null || retryDelays.isEmpty()
                ? List.of(Duration.ofSeconds(5), Duration.ofSeconds(30), Duration.ofMinutes(2), Duration.ofMinutes(5),
                Duration.ofMinutes(30), Duration.ofHours(2), Duration.ofHours(5), Duration.ofHours(10))
                : List.copyOf(retryDelays);
        jitter = jitter == null ? 0.1 : jitter;
        timeout = timeout == null ? Duration.ofSeconds(15) : timeout;
        pollEvery = pollEvery == null ? Duration.ofSeconds(1) : pollEvery;
        lease = lease == null ? Duration.ofSeconds(30) : lease;
        maxInFlight = maxInFlight == 0 ? 64 : maxInFlight;
    }
}
