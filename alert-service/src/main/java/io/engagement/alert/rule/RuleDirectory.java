package io.engagement.alert.rule;

import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.LoadingCache;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

import java.time.Duration;
import java.util.List;

/**
 * The rules other features read: detection asks for an organization's enabled rules with every
 * event, so they come from a small cache in front of the database. A write on this instance evicts
 * the organization at once; writes on another instance are seen after the time to live.
 */
@Component
@EnableConfigurationProperties(RuleCacheSettings.class)
public class RuleDirectory {

    private static final Duration LOAD_TIMEOUT = Duration.ofSeconds(10);

    private final RuleStore store;
    private final LoadingCache<Long, List<AlertRule>> enabled;

    RuleDirectory(RuleStore store, RuleCacheSettings settings) {
        this.store = store;
        this.enabled = Caffeine.newBuilder()
                .expireAfterWrite(settings.ruleCacheTtl())
                .maximumSize(10_000)
                .build(organizationId -> store.enabled(organizationId).collectList().block(LOAD_TIMEOUT));
    }

    /** The organization's enabled rules; blocks while they are loaded, so never call it on an event-loop thread. */
    public List<AlertRule> enabledRules(long organizationId) {
        return enabled.get(organizationId);
    }

    public Mono<AlertRule> find(long organizationId, String ruleId) {
        return store.find(organizationId, ruleId);
    }

    void evict(long organizationId) {
        enabled.invalidate(organizationId);
    }
}
