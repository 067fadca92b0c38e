package io.engagement.gateway.limit;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.engagement.platform.auth.KeyKind;
import io.engagement.platform.validation.ObjectSchema;
import io.engagement.platform.validation.Rules;

import java.time.Duration;
import java.util.EnumMap;
import java.util.Map;

import static io.engagement.platform.validation.ObjectSchema.optional;
import static io.engagement.platform.validation.ObjectSchema.required;

/**
 * {@code PUT /admin/v1/organizations/{organization_id}/rate-limits} body: the budgets that replace
 * the configured ones for this organization. A budget left out is the configured one again.
 */
record RateLimitsBody(BudgetBody organization, BudgetBody data, BudgetBody transactional, @JsonProperty("public") BudgetBody publicKey) {

    static final long MAX_LIMIT = 1_000_000_000L;
    static final long MAX_PERIOD_SECONDS = 86_400L;

    private static final ObjectSchema BUDGET = ObjectSchema.of(
            required("limit", Rules.integer().min(1).max(MAX_LIMIT)),
            required("period_seconds", Rules.integer().min(1).max(MAX_PERIOD_SECONDS))).forbiddingExtra();

    static final ObjectSchema SCHEMA = ObjectSchema.of(
            optional("organization", BUDGET),
            optional("data", BUDGET),
            optional("transactional", BUDGET),
            optional("public", BUDGET)).forbiddingExtra();

    RateLimitOverride toOverride() {
        Map<KeyKind, RateBudget> byKind = new EnumMap<>(KeyKind.class);
        put(byKind, KeyKind.DATA, data);
        put(byKind, KeyKind.TRANSACTIONAL, transactional);
        put(byKind, KeyKind.PUBLIC, publicKey);
        return new RateLimitOverride(organization == null ? null : organization.toBudget(), byKind);
    }

    private static void put(Map<KeyKind, RateBudget> byKind, KeyKind kind, BudgetBody budget) {
        if (budget != null) {
            byKind.put(kind, budget.toBudget());
        }
    }

    /** @param limit requests the bucket holds, refilled over {@code period_seconds} */
    record BudgetBody(long limit, long periodSeconds) {

        RateBudget toBudget() {
            return new RateBudget(limit, Duration.ofSeconds(periodSeconds));
        }
    }
}
