package io.engagement.gateway.limit;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.engagement.platform.auth.KeyKind;

/** An organization's budgets as they hold, each marked whether the operator overrode it. */
record RateLimitsView(long organizationId, BudgetView organization, BudgetView data, BudgetView transactional,
                      @JsonProperty("public") BudgetView publicKey) {

    static RateLimitsView of(long organizationId, Budgets budgets, RateLimitOverride override) {
        return new RateLimitsView(organizationId,
                BudgetView.of(budgets.organization(), override.organization() != null),
                BudgetView.of(budgets.forKey(KeyKind.DATA), override.byKind().containsKey(KeyKind.DATA)),
                BudgetView.of(budgets.forKey(KeyKind.TRANSACTIONAL), override.byKind().containsKey(KeyKind.TRANSACTIONAL)),
                BudgetView.of(budgets.forKey(KeyKind.PUBLIC), override.byKind().containsKey(KeyKind.PUBLIC)));
    }

    record BudgetView(long limit, double periodSeconds, boolean overridden) {

        static BudgetView of(RateBudget budget, boolean overridden) {
            return new BudgetView(budget.limit(), budget.period().toMillis() / 1000.0, overridden);
        }
    }
}
