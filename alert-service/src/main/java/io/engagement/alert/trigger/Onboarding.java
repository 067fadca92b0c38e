package io.engagement.alert.trigger;

import java.util.Optional;

/** {@code onboarding}: judged on the summaries of a customer's latest session, once per customer. */
final class Onboarding {

    private Onboarding() {
    }

    /** The customer's evidence with the summarized session counted. */
    static Optional<CustomerMatch> judge(Signal.Session summary, CustomerEvidence customer) {
        if (customer.hasFired(TriggerName.ONBOARDING)) {
            return Optional.empty();
        }
        return TriggerMatch.onboarding(customer.firstSession(), summary.pageViewCount())
                .map(match -> new CustomerMatch(match, TriggerName.ONBOARDING, "customer:" + summary.customerId()));
    }
}
