package io.engagement.alert.trigger;

import java.util.Optional;

/** {@code slow_failing_actions}: judged on each timed API call of a session, once per session. */
final class SlowFailingActions {

    private SlowFailingActions() {
    }

    /** The session's evidence with the call's duration in its sketch. */
    static Optional<TriggerMatch> judge(Signal.Event call, SessionEvidence evidence) {
        return call.durationMs() != null ? TriggerMatch.slowFailingActions(evidence.calls(), evidence.p95()) : Optional.empty();
    }
}
