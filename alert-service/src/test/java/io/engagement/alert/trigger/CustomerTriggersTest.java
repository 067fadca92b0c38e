package io.engagement.alert.trigger;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/** The triggers judged on a customer's session summaries: onboarding, re-engagement, upsell and feature discovery. */
class CustomerTriggersTest {

    private static final Instant AT = Instant.parse("2026-11-20T10:00:00Z");

    @Test
    void onboardingIsJudgedOnTheFirstSessionOnceAndNamedForTheCustomer() {
        Signal.Session first = summary("s1", AT, 3);
        CustomerEvidence customer = seen(first);

        assertThat(Onboarding.judge(first, customer)).hasValue(new CustomerMatch(new TriggerMatch(TriggerName.ONBOARDING, 1, 1, 90),
                "onboarding", "customer:c1"));
        assertThat(Onboarding.judge(first, customer.firing("onboarding"))).isEmpty();
        Signal.Session second = summary("s2", AT.plus(Duration.ofDays(1)), 3);
        assertThat(Onboarding.judge(second, seen(second, first))).isEmpty();
    }

    @Test
    void reEngagementMeasuresTheGapSinceTheCustomerWasLastSeenOncePerSession() {
        Signal.Session earlier = summary("s1", AT.minus(Duration.ofDays(45)), 1);
        Signal.Session back = summary("s2", AT, 1);
        CustomerEvidence customer = seen(back, earlier);
        SessionEvidence session = SessionEvidence.startingAt(AT.toEpochMilli());

        assertThat(ReEngagement.judge(back, customer, session, SegmentThresholds.DEFAULTS).orElseThrow().value()).isEqualTo(45);
        assertThat(ReEngagement.judge(back, customer, session.firing(TriggerName.RE_ENGAGEMENT), SegmentThresholds.DEFAULTS)).isEmpty();
        assertThat(ReEngagement.judge(back, seen(back), session, SegmentThresholds.DEFAULTS)).as("never seen before").isEmpty();
    }

    @Test
    void upsellIsJudgedOnTheCompanysValueOfTheMetricOncePerCustomerAndMetric() {
        TriggerSettings.UpsellTrigger seats = new TriggerSettings.UpsellTrigger(true, 70.0, "More seats?", "seats", 10.0);
        Signal.Session summary = summary("s1", AT, 1);
        CustomerEvidence customer = seen(summary).inCompany(12);
        Upsell.CompanyMetrics fifteen = (company, metric) -> company == 12 && metric.equals("seats") ? Optional.of(15.0) : Optional.empty();

        assertThat(Upsell.judge(seats, summary, customer, fifteen)).hasValue(new CustomerMatch(
                new TriggerMatch(TriggerName.UPSELL, 15, 10, 85), "upsell:seats", "customer:c1:seats"));
        assertThat(Upsell.judge(seats, summary, customer.firing("upsell:seats"), fifteen)).isEmpty();
        assertThat(Upsell.judge(seats, summary, seen(summary), fifteen)).as("company unknown").isEmpty();
        assertThat(Upsell.judge(seats, summary, customer, (company, metric) -> Optional.empty())).as("metric never set").isEmpty();
    }

    @Test
    void featureDiscoveryCountsOnlyKnownCollectionsTheCustomerNeverViewed() {
        TriggerSettings.FeatureDiscoveryTrigger reports = new TriggerSettings.FeatureDiscoveryTrigger(true, 70.0, "Try reports",
                List.of("col-reports", "col-export", "col-reports"));
        Signal.Session first = summary("s1", AT.minus(Duration.ofDays(20)), 1);
        Signal.Session now = summary("s2", AT, 1);
        CustomerEvidence customer = seen(now, first);

        assertThat(FeatureDiscovery.judge(reports, now, customer, id -> id.equals("col-reports"))).hasValue(new CustomerMatch(
                new TriggerMatch(TriggerName.FEATURE_DISCOVERY, 20, 14, 82.86), "feature_discovery:col-export,col-reports",
                "customer:c1:col-export,col-reports"));
        assertThat(FeatureDiscovery.judge(reports, now, customer, id -> false)).as("no collection known").isEmpty();
        assertThat(FeatureDiscovery.judge(new TriggerSettings.FeatureDiscoveryTrigger(false, 70.0, "Try reports", List.of("col-reports")),
                now, customer, id -> true)).as("off").isEmpty();
        assertThat(FeatureDiscovery.judge(reports, now, customer.viewing(List.of("col-reports")), id -> true)).isEmpty();
        assertThat(FeatureDiscovery.judge(reports, now, customer.firing("feature_discovery:col-export,col-reports"), id -> true))
                .isEmpty();
    }

    private static Signal.Session summary(String sessionId, Instant startedAt, long pageViews) {
        return new Signal.Session(7, sessionId, "c1", startedAt, startedAt.plusSeconds(60), pageViews);
    }

    /** The customer's evidence after these summaries, the latest first. */
    private static CustomerEvidence seen(Signal.Session latest, Signal.Session... earlier) {
        CustomerEvidence customer = CustomerEvidence.unknown();
        for (int i = earlier.length - 1; i >= 0; i--) {
            customer = customer.withSession(earlier[i].sessionId(), earlier[i].startMs(), earlier[i].lastSeenAt().toEpochMilli());
        }
        return customer.withSession(latest.sessionId(), latest.startMs(), latest.lastSeenAt().toEpochMilli());
    }
}
