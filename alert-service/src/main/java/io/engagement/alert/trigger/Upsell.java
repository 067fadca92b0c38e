package io.engagement.alert.trigger;

import java.util.Optional;

/**
 * {@code upsell}: judged on every session summary of a customer whose company is known, once per
 * customer and metric, against the company's latest value of the configured metric.
 */
final class Upsell {

    /** A company's latest value of a number metric, when one was set. */
    @FunctionalInterface
    interface CompanyMetrics {
        Optional<Double> valueOf(long companyId, String metric);
    }

    private Upsell() {
    }

    static Optional<CustomerMatch> judge(TriggerSettings.UpsellTrigger upsell, Signal.Session summary, CustomerEvidence customer,
                                         CompanyMetrics metrics) {
        if (!upsell.enabled() || upsell.metric() == null || upsell.value() == null || customer.companyId() == null) {
            return Optional.empty();
        }
        String mark = TriggerName.UPSELL + ":" + upsell.metric();
        return metrics.valueOf(customer.companyId(), upsell.metric()).filter(value -> !customer.hasFired(mark))
                .flatMap(value -> TriggerMatch.upsell(value, upsell.value()))
                .map(match -> new CustomerMatch(match, mark, "customer:" + summary.customerId() + ":" + upsell.metric()));
    }
}
