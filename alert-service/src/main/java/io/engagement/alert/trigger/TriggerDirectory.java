package io.engagement.alert.trigger;

import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.LoadingCache;
import io.engagement.alert.rule.RuleCacheSettings;
import io.engagement.platform.settings.OrganizationSettings;
import org.springframework.stereotype.Component;

import java.time.Duration;

/**
 * The trigger settings evaluation reads with every signal, from a small cache in front of the
 * database: a {@code PUT} on this instance evicts the organization at once, one on another
 * instance is seen after the time to live (the rules' cache works alike).
 */
@Component
class TriggerDirectory {

    private static final Duration LOAD_TIMEOUT = Duration.ofSeconds(10);

    private final LoadingCache<Long, TriggerSettings> cache;

    TriggerDirectory(OrganizationSettings<TriggerSettings> settings, RuleCacheSettings caching) {
        this.cache = Caffeine.newBuilder()
                .expireAfterWrite(caching.ruleCacheTtl())
                .maximumSize(10_000)
                .build(organizationId -> settings.read(organizationId).block(LOAD_TIMEOUT));
    }

    /** Blocks while the settings are loaded, so never call it on an event-loop thread. */
    TriggerSettings of(long organizationId) {
        return cache.get(organizationId);
    }

    void evict(long organizationId) {
        cache.invalidate(organizationId);
    }
}
