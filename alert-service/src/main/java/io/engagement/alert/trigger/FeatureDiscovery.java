package io.engagement.alert.trigger;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * {@code feature_discovery}: judged on the summaries of a customer's latest session, once per
 * customer and set of collections. Only the trigger's collections whose membership is known count
 * (one deleted, or not published yet, cannot be judged), and the customer must have viewed a page
 * of none of them.
 */
final class FeatureDiscovery {

    private FeatureDiscovery() {
    }

    /** {@code known}: whether a collection's membership is known. */
    static Optional<CustomerMatch> judge(TriggerSettings.FeatureDiscoveryTrigger discovery, Signal.Session summary,
                                         CustomerEvidence customer, Predicate<String> known) {
        if (!discovery.enabled()) {
            return Optional.empty();
        }
        List<String> wanted = discovery.collectionIds().stream().distinct().sorted().toList();
        String mark = TriggerName.FEATURE_DISCOVERY + ":" + String.join(",", wanted);
        if (customer.hasFired(mark) || customer.firstSeenMs() == null) {
            return Optional.empty();
        }
        List<String> judged = wanted.stream().filter(known).toList();
        if (judged.isEmpty() || judged.stream().anyMatch(customer::viewed)) {
            return Optional.empty();
        }
        Duration active = Duration.ofMillis(Math.max(0, summary.startMs() - customer.firstSeenMs()));
        return TriggerMatch.featureDiscovery(active)
                .map(match -> new CustomerMatch(match, mark, "customer:" + summary.customerId() + ":" + String.join(",", wanted)));
    }
}
