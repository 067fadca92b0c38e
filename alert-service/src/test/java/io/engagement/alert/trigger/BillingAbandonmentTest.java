package io.engagement.alert.trigger;

import org.junit.jupiter.api.Test;

import java.time.Instant;

import static org.assertj.core.api.Assertions.assertThat;

class BillingAbandonmentTest {

    private static final Instant AT = Instant.parse("2026-11-20T10:00:00Z");
    private static final TriggerSettings.Trigger ON = new TriggerSettings.Trigger(true, 70.0, "Need help?");
    private static final SessionEvidence VIEWED = SessionEvidence.startingAt(AT.toEpochMilli()).withPageView(AT.toEpochMilli());

    @Test
    void aBillingPageLeftWithinThirtySecondsWaitsWithItsTimeOnThePage() {
        assertThat(BillingAbandonment.waits(ON, VIEWED, leave("https://app.example.com/Billing", 10, 4000.0))).hasValue(4000.0);
        assertThat(BillingAbandonment.waits(ON, VIEWED, leave("https://app.example.com/checkout", 12, null)))
                .as("without its own duration: the time since the page view").hasValue(12_000.0);
    }

    @Test
    void aLeaveDoesNotWaitWhenTheTriggerIsOffOrFiredOrAnotherLeaveWaits() {
        Signal.Event leave = leave("https://app.example.com/pricing", 10, 4000.0);
        assertThat(BillingAbandonment.waits(new TriggerSettings.Trigger(false, 70.0, "m"), VIEWED, leave)).isEmpty();
        assertThat(BillingAbandonment.waits(ON, VIEWED.firing(TriggerName.BILLING_ABANDONMENT), leave)).isEmpty();
        assertThat(BillingAbandonment.waits(ON, VIEWED.waitingLeave(AT.toEpochMilli(), 1000, 0), leave)).isEmpty();
    }

    @Test
    void aLeaveDoesNotWaitOffABillingPageAfterThirtySecondsOrBeforeALaterPageView() {
        assertThat(BillingAbandonment.waits(ON, VIEWED, leave("https://app.example.com/docs", 10, 4000.0))).isEmpty();
        assertThat(BillingAbandonment.waits(ON, VIEWED, leave("https://app.example.com/billing", 40, 30_000.0))).isEmpty();
        assertThat(BillingAbandonment.waits(ON, VIEWED.withPageView(AT.plusSeconds(11).toEpochMilli()),
                leave("https://app.example.com/billing", 10, 4000.0))).as("the user went on before the leave arrived").isEmpty();
    }

    @Test
    void aLeaveWhoseWaitIsOverIsJudgedOnItsTimeOnThePage() {
        SessionEvidence waiting = VIEWED.waitingLeave(AT.plusSeconds(10).toEpochMilli(), 10_000, 0);

        assertThat(BillingAbandonment.judge(waiting)).hasValue(new TriggerMatch(TriggerName.BILLING_ABANDONMENT, 10, 30, 90));
    }

    private static Signal.Event leave(String url, long secondsAfterTheView, Double durationMs) {
        return new Signal.Event(7, "e1", "page_leave", "s1", "c1", AT.plusSeconds(secondsAfterTheView), url, null, durationMs);
    }
}
