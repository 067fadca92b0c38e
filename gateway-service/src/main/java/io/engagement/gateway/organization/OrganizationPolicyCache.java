package io.engagement.gateway.organization;

import com.github.benmanes.caffeine.cache.AsyncLoadingCache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.engagement.platform.event.OrganizationPolicy;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

import java.util.Optional;

/**
 * Each organization's policy as the gateway puts it in the internal token of its requests, so the
 * services act on an administrator's change from the very next request. This replica's own changes
 * replace the cached copy as they are written; another replica's reach it from the organization
 * topic ({@link OrganizationPolicyListener}), and the database is asked again after
 * {@link PolicyCacheProperties#ttl()} in case a record was missed.
 */
@Component
@EnableConfigurationProperties(PolicyCacheProperties.class)
public class OrganizationPolicyCache {

    private final AsyncLoadingCache<Long, Optional<OrganizationPolicy>> policies;

    OrganizationPolicyCache(OrganizationStore organizations, PolicyCacheProperties properties) {
        this.policies = Caffeine.newBuilder()
                .maximumSize(properties.size())
                .expireAfterWrite(properties.ttl())
                .buildAsync((organizationId, executor) -> organizations.policyOf(organizationId).map(Optional::of)
                        .defaultIfEmpty(Optional.empty()).toFuture());
    }

    /** The organization's policy; empty when it does not exist. */
    public Mono<OrganizationPolicy> of(long organizationId) {
        return Mono.fromFuture(() -> policies.get(organizationId)).flatMap(Mono::justOrEmpty);
    }

    /** A policy as written: kept when it is later than the copy held. */
    void changed(long organizationId, OrganizationPolicy written) {
        policies.synchronous().asMap().merge(organizationId, Optional.of(written),
                (held, changed) -> Optional.of(changed.get().newer(held.orElse(null))));
    }
}
