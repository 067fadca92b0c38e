package io.engagement.alert.trigger;

import java.util.Optional;

/** {@code technical_assistance}: judged on each console error of a session, once per session. */
final class TechnicalAssistance {

    private TechnicalAssistance() {
    }

    /** The session's evidence with the console error counted. */
    static Optional<TriggerMatch> judge(SessionEvidence evidence) {
        return TriggerMatch.technicalAssistance(evidence.consoleErrors());
    }
}
