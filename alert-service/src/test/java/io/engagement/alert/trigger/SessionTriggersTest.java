package io.engagement.alert.trigger;

import org.junit.jupiter.api.Test;

import java.time.Instant;

import static org.assertj.core.api.Assertions.assertThat;

/** The triggers counted on a session's telemetry: technical assistance, API failure and slow actions. */
class SessionTriggersTest {

    private static final Instant AT = Instant.parse("2026-11-20T10:00:00Z");

    @Test
    void technicalAssistanceCountsTheSessionsConsoleErrors() {
        SessionEvidence evidence = SessionEvidence.startingAt(AT.toEpochMilli()).withConsoleError().withConsoleError();

        assertThat(TechnicalAssistance.judge(evidence)).isEmpty();
        assertThat(TechnicalAssistance.judge(evidence.withConsoleError()).orElseThrow().value()).isEqualTo(3);
    }

    @Test
    void apiFailureIsJudgedOnAFailedCallOnly() {
        SessionEvidence threeFailed = SessionEvidence.startingAt(AT.toEpochMilli()).withCall(true, null).withCall(true, null)
                .withCall(true, null);

        assertThat(ApiFailure.judge(call(503, null), threeFailed).orElseThrow().value()).isEqualTo(3);
        assertThat(ApiFailure.judge(call(0, null), threeFailed)).as("it never reached a server").isPresent();
        assertThat(ApiFailure.judge(call(200, null), threeFailed)).isEmpty();
    }

    @Test
    void slowActionsAreJudgedOnATimedCallOnly() {
        SessionEvidence slow = SessionEvidence.startingAt(AT.toEpochMilli()).withCall(false, 4000.0);

        assertThat(SlowFailingActions.judge(call(200, 4000.0), slow).orElseThrow().value()).isEqualTo(4000);
        assertThat(SlowFailingActions.judge(call(200, null), slow)).isEmpty();
    }

    private static Signal.Event call(int status, Double durationMs) {
        return new Signal.Event(7, "e1", "api_log", "s1", null, AT, "https://app.example.com/x", status, durationMs);
    }
}
