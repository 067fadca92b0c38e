package io.engagement.alert.trigger;

import io.engagement.platform.url.CanonicalUrl;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class TriggerMatchTest {

    @Test
    void technicalAssistanceNeedsThreeConsoleErrorsAndGrowsTenPerErrorToAHundred() {
        assertThat(TriggerMatch.technicalAssistance(2)).isEmpty();
        assertThat(TriggerMatch.technicalAssistance(3)).hasValue(new TriggerMatch("technical_assistance", 3, 3, 80));
        assertThat(TriggerMatch.technicalAssistance(4).orElseThrow().confidence()).isEqualTo(90);
        assertThat(TriggerMatch.technicalAssistance(9).orElseThrow().confidence()).isEqualTo(100);
    }

    @Test
    void apiFailureCountsLikeTechnicalAssistance() {
        assertThat(TriggerMatch.apiFailure(2)).isEmpty();
        assertThat(TriggerMatch.apiFailure(3)).hasValue(new TriggerMatch("api_failure", 3, 3, 80));
        assertThat(TriggerMatch.apiFailure(5).orElseThrow().confidence()).isEqualTo(100);
    }

    @Test
    void slowActionsNeedAP95AboveThreeSecondsAndGrowSurerWithEachCall() {
        assertThat(TriggerMatch.slowFailingActions(0, 9000)).isEmpty();
        assertThat(TriggerMatch.slowFailingActions(5, 3000)).isEmpty();
        assertThat(TriggerMatch.slowFailingActions(1, 3000.5)).hasValue(new TriggerMatch("slow_failing_actions", 3000.5, 3000, 70));
        assertThat(TriggerMatch.slowFailingActions(3, 9000).orElseThrow().confidence()).isEqualTo(80);
        assertThat(TriggerMatch.slowFailingActions(6, 4000).orElseThrow().confidence()).isEqualTo(95);
        assertThat(TriggerMatch.slowFailingActions(7, 4000).orElseThrow().confidence()).isEqualTo(100);
        assertThat(TriggerMatch.slowFailingActions(40, 4000).orElseThrow().confidence()).isEqualTo(100);
    }

    @Test
    void aBillingPageIsOneWhoseUrlNamesBillingCheckoutOrPricingInAnyCase() {
        assertThat(TriggerMatch.billingPage("https://app.example.com/settings/Billing")).isTrue();
        assertThat(TriggerMatch.billingPage("https://shop.example.com/checkout?step=2")).isTrue();
        assertThat(TriggerMatch.billingPage("https://example.com/PRICING")).isTrue();
        assertThat(TriggerMatch.billingPage("https://example.com/docs")).isFalse();
        assertThat(TriggerMatch.billingPage(null)).isFalse();
    }

    @Test
    void billingAbandonmentIsALeaveUnderThirtySecondsAndSurerTheShorterTheStay() {
        assertThat(TriggerMatch.billingAbandonment(30_000)).isEmpty();
        assertThat(TriggerMatch.billingAbandonment(29_999).orElseThrow().confidence()).isEqualTo(71);
        assertThat(TriggerMatch.billingAbandonment(4_500)).hasValue(new TriggerMatch("billing_abandonment", 4.5, 30, 96));
        assertThat(TriggerMatch.billingAbandonment(0).orElseThrow().confidence()).isEqualTo(100);
    }

    @Test
    void reEngagementNeedsAGapPastSlightlyActiveAndReachesAHundredAtDormant() {
        SegmentThresholds defaults = SegmentThresholds.DEFAULTS;
        assertThat(TriggerMatch.reEngagement(Duration.ofDays(30), defaults)).isEmpty();
        assertThat(TriggerMatch.reEngagement(Duration.ofDays(45), defaults)).hasValue(new TriggerMatch("re_engagement", 45, 30, 85));
        assertThat(TriggerMatch.reEngagement(Duration.ofDays(60), defaults).orElseThrow().confidence()).isEqualTo(100);
        assertThat(TriggerMatch.reEngagement(Duration.ofDays(400), defaults).orElseThrow().confidence()).isEqualTo(100);
        assertThat(TriggerMatch.reEngagement(Duration.ofDays(12), new SegmentThresholds(3, 10, 20)).orElseThrow().confidence()).isEqualTo(76);
    }

    @Test
    void onboardingIsTheFirstSessionSurerWithEachPageView() {
        assertThat(TriggerMatch.onboarding(false, 10)).isEmpty();
        assertThat(TriggerMatch.onboarding(true, 0).orElseThrow().confidence()).isEqualTo(60);
        assertThat(TriggerMatch.onboarding(true, 1).orElseThrow().confidence()).isEqualTo(70);
        assertThat(TriggerMatch.onboarding(true, 7).orElseThrow().confidence()).isEqualTo(100);
    }

    @Test
    void upsellIsAMetricAtOrOverTheValueAndSurerUpToTwiceIt() {
        assertThat(TriggerMatch.upsell(99, 100)).isEmpty();
        assertThat(TriggerMatch.upsell(100, 100)).hasValue(new TriggerMatch("upsell", 100, 100, 70));
        assertThat(TriggerMatch.upsell(150, 100).orElseThrow().confidence()).isEqualTo(85);
        assertThat(TriggerMatch.upsell(500, 100).orElseThrow().confidence()).isEqualTo(100);
        assertThat(TriggerMatch.upsell(0.5, 0).orElseThrow().confidence()).isEqualTo(85);
    }

    @Test
    void featureDiscoveryStartsAtFourteenDaysWithSeventyAndReachesAHundredAtTwentyEight() {
        assertThat(TriggerMatch.featureDiscovery(Duration.ofDays(14).minusMinutes(1))).isEmpty();
        assertThat(TriggerMatch.featureDiscovery(Duration.ofDays(14))).hasValue(new TriggerMatch("feature_discovery", 14, 14, 70));
        assertThat(TriggerMatch.featureDiscovery(Duration.ofDays(21)).orElseThrow().confidence()).isEqualTo(85);
        assertThat(TriggerMatch.featureDiscovery(Duration.ofDays(28)).orElseThrow().confidence()).isEqualTo(100);
        assertThat(TriggerMatch.featureDiscovery(Duration.ofDays(90)).orElseThrow().confidence()).isEqualTo(100);
    }

    @Test
    void aCollectionHoldsAPageViewByPrefixPatternWithOrWithoutTheLeadingSlash() {
        CollectionMembership reports = new CollectionMembership("c1", List.of(), List.of("/reports", "exports"));
        assertThat(reports.holds(7, "https://app.example.com/reports")).isTrue();
        assertThat(reports.holds(7, "https://app.example.com/reports/weekly?x=1#top")).isTrue();
        assertThat(reports.holds(7, "https://app.example.com/reportsarchive")).isTrue();
        assertThat(reports.holds(7, "https://app.example.com/exports/")).isTrue();
        assertThat(reports.holds(7, "https://app.example.com/settings/reports")).isFalse();
        assertThat(reports.holds(7, "not a url")).isFalse();
        assertThat(reports.holds(7, null)).isFalse();
    }

    @Test
    void aCollectionHoldsAnExplicitPageByTheIdDerivedFromItsCanonicalUrl() {
        String pageId = CanonicalUrl.of("https://app.example.com/billing/plans").orElseThrow().pageId(7);
        CollectionMembership plans = new CollectionMembership("c1", List.of(pageId), List.of());
        assertThat(plans.holds(7, "HTTPS://App.Example.com:443/billing/plans/?tab=2")).isTrue();
        assertThat(plans.holds(7, "https://app.example.com/billing/plans/annual")).isFalse();
        assertThat(plans.holds(8, "https://app.example.com/billing/plans")).isFalse();
    }
}
