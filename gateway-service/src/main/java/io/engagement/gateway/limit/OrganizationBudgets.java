package io.engagement.gateway.limit;

import com.github.benmanes.caffeine.cache.AsyncLoadingCache;
import com.github.benmanes.caffeine.cache.Caffeine;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

import java.time.Duration;

/**
 * The budgets that hold for an organization: the configured ones with its overrides in their
 * place. Overrides are cached, so a request costs no database read for them; while they cannot
 * be read, requests are held to the configured budgets rather than refused.
 */
@Component
class OrganizationBudgets {

    private static final Duration PATIENCE = Duration.ofSeconds(2);

    private final OverrideStore overrides;
    private final Budgets defaults;
    private final AsyncLoadingCache<Long, RateLimitOverride> cached;

    OrganizationBudgets(OverrideStore overrides, LimitProperties properties) {
        this.overrides = overrides;
        this.defaults = properties.defaults();
        this.cached = Caffeine.newBuilder()
                .maximumSize(100_000)
                .expireAfterWrite(properties.overridesCacheTtl())
                .buildAsync((organizationId, executor) -> overrides.find(organizationId).toFuture());
    }

    Mono<Budgets> of(long organizationId) {
        return overrideOf(organizationId)
                .timeout(PATIENCE)
                .onErrorReturn(RateLimitOverride.NONE)
                .map(defaults::overriddenBy);
    }

    Mono<RateLimitOverride> overrideOf(long organizationId) {
        return Mono.fromFuture(() -> cached.get(organizationId));
    }

    Mono<Budgets> override(long organizationId, RateLimitOverride override) {
        return overrides.replace(organizationId, override)
                .doOnNext(stored -> cached.synchronous().invalidate(organizationId))
                .map(defaults::overriddenBy);
    }
}
