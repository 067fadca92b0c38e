package io.engagement.gateway.limit;

import io.engagement.platform.auth.KeyKind;

import java.util.Map;

/**
 * The budgets the operator set for one organization through the admin API; what it leaves out
 * ({@code null} organization, a kind missing from {@code byKind}) stays as configured.
 */
record RateLimitOverride(RateBudget organization, Map<KeyKind, RateBudget> byKind) {

    static final RateLimitOverride NONE = new RateLimitOverride(null, Map.of());

    RateLimitOverride {
        byKind = Map.copyOf(byKind);
    }
}
