package io.engagement.alert.trigger;

import java.util.Optional;

/**
 * {@code billing_abandonment}, once per session, in two steps: a billing page left within 30 s
 * waits, and when no page view of the session at or after the leave's time has arrived by the end
 * of the wait (by the wall clock of this service) it is judged abandoned.
 */
final class BillingAbandonment {

    private BillingAbandonment() {
    }

    /**
     * The time on the page of a leave that waits: the leave's own {@code duration_ms}, else the time
     * since the session's latest page view. None when the trigger is off or has fired, a leave waits
     * already, the page is no billing page, it was not left soon enough, or the user went on already.
     */
    static Optional<Double> waits(TriggerSettings.Trigger billingAbandonment, SessionEvidence evidence, Signal.Event leave) {
        long at = leave.at().toEpochMilli();
        Double duration = leave.durationMs() != null ? leave.durationMs()
                : evidence.lastViewAtMs() != null && evidence.lastViewAtMs() <= at ? Double.valueOf(at - evidence.lastViewAtMs()) : null;
        if (!billingAbandonment.enabled() || evidence.hasFired(TriggerName.BILLING_ABANDONMENT)
                || evidence.leaveAtMs() != null || duration == null || !TriggerMatch.billingPage(leave.url())
                || TriggerMatch.billingAbandonment(duration).isEmpty() || evidence.viewedSince(at)) {
            return Optional.empty();
        }
        return Optional.of(duration);
    }

    /** A leave whose wait is over with no page view since (one would have ended the wait). */
    static Optional<TriggerMatch> judge(SessionEvidence waiting) {
        return TriggerMatch.billingAbandonment(waiting.leaveDurationMs());
    }
}
