package io.engagement.customer.settings;

import io.engagement.platform.settings.OrganizationSettings;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * Each organization's thresholds, read on every customer answer and so kept for a few seconds.
 * Another instance's change is seen once the entry expires; this instance's own change at once.
 */
@Component
public class ActivitySegmentThresholds {

    private static final Duration FRESH_FOR = Duration.ofSeconds(5);
    /** Past this many organizations, expired entries are swept before another is added. */
    private static final int SWEEP_ABOVE = 10_000;

    private final OrganizationSettings<ActivitySegmentSettings> store;
    private final ConcurrentMap<Long, Cached> cache = new ConcurrentHashMap<>();

    ActivitySegmentThresholds(OrganizationSettings<ActivitySegmentSettings> store) {
        this.store = store;
    }

    public Mono<ActivitySegmentSettings> of(long organizationId) {
        Cached cached = cache.get(organizationId);
        if (cached != null && cached.freshAt(Instant.now())) {
            return Mono.just(cached.settings());
        }
        return store.read(organizationId).doOnNext(read -> keepRead(organizationId, read));
    }

    /** What a {@code PUT} wrote replaces the entry, so a read that started before it cannot put the old values back. */
    void replaced(long organizationId, ActivitySegmentSettings written) {
        cache.put(organizationId, new Cached(written, Instant.now().plus(FRESH_FOR)));
    }

    private void keepRead(long organizationId, ActivitySegmentSettings read) {
        Instant now = Instant.now();
        if (cache.size() > SWEEP_ABOVE) {
            cache.values().removeIf(entry -> !entry.freshAt(now));
        }
        cache.compute(organizationId, (id, current) -> current != null && current.freshAt(now)
                ? current
                : new Cached(read, now.plus(FRESH_FOR)));
    }

    private record Cached(ActivitySegmentSettings settings, Instant freshUntil) {

        boolean freshAt(Instant now) {
            return now.isBefore(freshUntil);
        }
    }
}
