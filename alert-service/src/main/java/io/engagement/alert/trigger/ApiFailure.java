package io.engagement.alert.trigger;

import java.util.Optional;

/** {@code api_failure}: judged on each failed API call of a session, once per session. */
final class ApiFailure {

    private ApiFailure() {
    }

    /** The session's evidence with the call counted. */
    static Optional<TriggerMatch> judge(Signal.Event call, SessionEvidence evidence) {
        return call.failedCall() ? TriggerMatch.apiFailure(evidence.failedCalls()) : Optional.empty();
    }
}
