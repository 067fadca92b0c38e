package io.engagement.gateway.limit;

import io.engagement.platform.auth.KeyKind;
import org.springframework.boot.context.properties.ConfigurationProperties;

import java.time.Duration;
import java.util.EnumMap;
import java.util.Map;

/**
 * The rate budgets every organization has unless the admin API overrides them. The defaults are
 * far above what one client of the local stack sends, so only deliberate floods are refused.
 *
 * @param enabled          {@code false} lets every request through without counting
 * @param key              each key's budget by kind ({@code data}, {@code transactional}, {@code public})
 * @param organization     the budget all of an organization's keys share
 * @param overridesCacheTtl how long a replica keeps an organization's overrides before reading them
 *                         again; another replica's change takes effect within this time
 */
@ConfigurationProperties("engagement.limits")
record LimitProperties(Boolean enabled, Map<String, Budget> key, Budget organization, Duration overridesCacheTtl) {

    private static final long DEFAULT_KEY_LIMIT = 5_000;
    private static final long DEFAULT_ORGANIZATION_LIMIT = 10_000;

    LimitProperties {
        enabled = enabled == null || enabled;
        key = key == null ? Map.of() : Map.copyOf(key);
        organization = organization == null ? new Budget(null, null) : organization;
        overridesCacheTtl = overridesCacheTtl == null ? Duration.ofSeconds(5) : overridesCacheTtl;
    }

    /** The configured budgets, for every kind of key and the organization. */
    Budgets defaults() {
        Map<KeyKind, RateBudget> byKind = new EnumMap<>(KeyKind.class);
        for (KeyKind kind : Budgets.LIMITED_KINDS) {
            byKind.put(kind, key.getOrDefault(kind.wireName(), new Budget(null, null)).toRateBudget(DEFAULT_KEY_LIMIT));
        }
        return new Budgets(organization.toRateBudget(DEFAULT_ORGANIZATION_LIMIT), byKind);
    }

    /**
     * @param limit  the requests the budget allows per period (5,000 for a key, 10,000 for an
     *               organization when not set)
     * @param period the time in which the whole limit refills; 1 s when not set
     */
    record Budget(Long limit, Duration period) {

        RateBudget toRateBudget(long defaultLimit) {
            return new RateBudget(limit == null ? defaultLimit : limit, period == null ? Duration.ofSeconds(1) : period);
        }
    }
}
