package io.engagement.analytics.ingest;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.engagement.platform.event.Topics;
import io.github.resilience4j.ratelimiter.RateLimiter;
import io.github.resilience4j.ratelimiter.RateLimiterConfig;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.stereotype.Component;

import java.time.Duration;

/**
 * Which topic an organization's accepted telemetry goes to: {@link Topics#TELEMETRY} while the
 * organization stays within its fair share of this replica's ingest rate, {@link Topics#TELEMETRY_OVERFLOW}
 * for what goes beyond it. Both are read by the same processing with the same state, so every event
 * is counted exactly once either way; the overflow is only read after what waits on the main topic,
 * so one organization's burst delays its own events and no one else's.
 * <p>
 * An organization that went beyond its share stays on the overflow until it has kept within the share
 * for {@link #HOLD}: a steady stream above the share then flows through one topic, read in full
 * fetches and in the order sent, instead of being split between the two batch by batch (which cost
 * the topologies a fifth more CPU per event in {@code bench/sustained-ingest.sh}).
 */
@Component
class FairShare {

    static final Duration HOLD = Duration.ofSeconds(2);

    private final RateLimiterConfig share;
    private final boolean enabled;
    private final Counter overflowed;
    private final Cache<Long, Share> organizations = Caffeine.newBuilder()
            .maximumSize(100_000)
            .expireAfterAccess(Duration.ofMinutes(10))
            .build();

    FairShare(Properties properties, MeterRegistry meters) {
        this.enabled = properties.eventsPerSecond() > 0;
        this.share = RateLimiterConfig.custom()
                .limitForPeriod(Math.max(1, properties.eventsPerSecond()))
                .limitRefreshPeriod(Duration.ofSeconds(1))
                // a batch beyond the share is never waited for: it goes to the overflow at once
                .timeoutDuration(Duration.ZERO)
                .build();
        this.overflowed = Counter.builder("engagement.ingest.overflowed")
                .description("Telemetry events beyond their organization's fair share, sent to the overflow topic")
                .baseUnit("events")
                .register(meters);
    }

    /** The topic a batch of {@code events} of the organization goes to; the whole batch goes to one. */
    String topicFor(long organizationId, int events) {
        if (!enabled || organizations.get(organizationId, this::shareOf).admits(events, System.nanoTime())) {
            return Topics.TELEMETRY;
        }
        overflowed.increment(events);
        return Topics.TELEMETRY_OVERFLOW;
    }

    private Share shareOf(long organizationId) {
        return new Share(RateLimiter.of("telemetry-" + organizationId, share));
    }

    /** One organization's share: its rate limiter, and since when it has kept within it. */
    private static final class Share {

        private final RateLimiter limiter;
        private volatile boolean overflowing;
        private volatile long lastRefused;

        private Share(RateLimiter limiter) {
            this.limiter = limiter;
        }

        /**
         * Whether a batch goes to the main topic. Every batch takes its permits, on the overflow too, so
         * the limiter keeps measuring the organization's rate while it stays there.
         */
        boolean admits(int events, long now) {
            if (!limiter.acquirePermission(events)) {
                lastRefused = now;
                overflowing = true;
                return false;
            }
            if (overflowing && now - lastRefused < HOLD.toNanos()) {
                return false;
            }
            overflowing = false;
            return true;
        }
    }

    /**
     * @param eventsPerSecond what one organization may send through one ingest replica per second
     *                        before the rest waits in the overflow; 0 sends everything to the main topic
     */
    @ConfigurationProperties("engagement.ingest.fair-share")
    record Properties(@DefaultValue("500") int eventsPerSecond) {
    }
}
