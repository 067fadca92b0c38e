package io.engagement.gateway.limit;

import io.engagement.platform.auth.KeyKind;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/** An organization's budgets: one all its keys share, and one for each key by the key's kind. */
record Budgets(RateBudget organization, Map<KeyKind, RateBudget> byKind) {

    static final List<KeyKind> LIMITED_KINDS = List.of(KeyKind.DATA, KeyKind.TRANSACTIONAL, KeyKind.PUBLIC);

    Budgets {
        byKind = Map.copyOf(byKind);
    }

    RateBudget forKey(KeyKind kind) {
        return byKind.get(kind);
    }

    /** These budgets with the ones an override sets in their place. */
    Budgets overriddenBy(RateLimitOverride override) {
        Map<KeyKind, RateBudget> kinds = new EnumMap<>(byKind);
        override.byKind().forEach(kinds::put);
        return new Budgets(override.organization() != null ? override.organization() : organization, kinds);
    }
}
