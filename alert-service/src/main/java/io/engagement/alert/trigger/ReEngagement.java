package io.engagement.alert.trigger;

import java.time.Duration;
import java.util.Optional;

/**
 * {@code re_engagement}: judged on the summaries of a customer's latest session when the customer
 * was seen before it, once per session. The mark is the session's, forgotten with its evidence.
 */
final class ReEngagement {

    private ReEngagement() {
    }

    /** The customer's evidence with the summarized session counted; the session's evidence. */
    static Optional<TriggerMatch> judge(Signal.Session summary, CustomerEvidence customer, SessionEvidence session,
                                        SegmentThresholds thresholds) {
        if (customer.priorLastSeenMs() == null || session.hasFired(TriggerName.RE_ENGAGEMENT)) {
            return Optional.empty();
        }
        Duration gap = Duration.ofMillis(Math.max(0, summary.startMs() - customer.priorLastSeenMs()));
        return TriggerMatch.reEngagement(gap, thresholds);
    }
}
