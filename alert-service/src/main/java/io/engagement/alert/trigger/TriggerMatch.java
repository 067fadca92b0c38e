package io.engagement.alert.trigger;

import java.time.Duration;
import java.util.Locale;
import java.util.Optional;

/**
 * What made a trigger match, and how sure that is: each trigger's match rule and confidence
 * formula (0–100), as docs/api/alerts.md lists them. Pure functions of the evidence, so each is tested on
 * its own; the processor keeps the evidence and decides when to ask.
 *
 * @param value     the evidence the alert shows (a count, milliseconds, seconds, days, a metric value)
 * @param threshold what the evidence was measured against
 */
record TriggerMatch(String trigger, double value, double threshold, double confidence) {

    /** Console errors and failed API calls: a session needs this many. */
    static final int ERRORS_NEEDED = 3;
    /** API p95 above this (milliseconds) makes a session slow. */
    static final double SLOW_P95_MS = 3000;
    /** A billing page left sooner than this (milliseconds) without a following page view is abandoned. */
    static final double ABANDONED_WITHIN_MS = 30_000;
    /** A customer is judged for feature discovery from this many days after their first session. */
    static final double DISCOVERY_DAYS = 14;
    static final String[] BILLING_WORDS = {"billing", "checkout", "pricing"};

    /** 3+ console errors: 80 at three, 10 more per error after, at most 100. */
    static Optional<TriggerMatch> technicalAssistance(long consoleErrors) {
        return counted(TriggerName.TECHNICAL_ASSISTANCE, consoleErrors);
    }

    /** 3+ failed API calls (status ≥ 500 or 0): 80 at three, 10 more per failure after, at most 100. */
    static Optional<TriggerMatch> apiFailure(long failedCalls) {
        return counted(TriggerName.API_FAILURE, failedCalls);
    }

    /**
     * p95 of the session's API call durations over 3 s: 70 on one call, 5 more per call after it, at
     * most 100 (80 at three, 100 from seven), so one slow call meets the default threshold and more
     * make it surer.
     */
    static Optional<TriggerMatch> slowFailingActions(long calls, double p95Ms) {
        if (calls < 1 || !(p95Ms > SLOW_P95_MS)) {
            return Optional.empty();
        }
        return Optional.of(new TriggerMatch(TriggerName.SLOW_FAILING_ACTIONS, p95Ms, SLOW_P95_MS, Math.min(100, 65 + 5 * calls)));
    }

    /** Whether a page is a billing page: its URL contains billing, checkout or pricing, in any case. */
    static boolean billingPage(String url) {
        if (url == null) {
            return false;
        }
        String lower = url.toLowerCase(Locale.ROOT);
        for (String word : BILLING_WORDS) {
            if (lower.contains(word)) {
                return true;
            }
        }
        return false;
    }

    /**
     * A billing page left after under 30 s (the {@code page_leave}'s {@code duration_ms}) with no page
     * view following: 100 minus the whole seconds spent, so 100 for a glance and 71 at 29 s.
     */
    static Optional<TriggerMatch> billingAbandonment(double durationMs) {
        if (durationMs < 0 || !(durationMs < ABANDONED_WITHIN_MS)) {
            return Optional.empty();
        }
        double seconds = durationMs / 1000;
        return Optional.of(new TriggerMatch(TriggerName.BILLING_ABANDONMENT, round(seconds), ABANDONED_WITHIN_MS / 1000,
                100 - Math.floor(seconds)));
    }

    /**
     * A returning customer whose segment before this session was {@code dormant} or {@code inactive}:
     * the gap since their previous last-seen is over the {@code slightly_active_days} threshold.
     * 70 just past it, rising evenly to 100 at the {@code dormant_days} threshold (inactive) and beyond.
     */
    static Optional<TriggerMatch> reEngagement(Duration gap, SegmentThresholds thresholds) {
        double days = gap.toMillis() / 86_400_000.0;
        double slightly = thresholds.slightlyActiveDays();
        if (!(days > slightly)) {
            return Optional.empty();
        }
        double span = Math.max(1, thresholds.dormantDays() - slightly);
        double confidence = 70 + 30 * Math.min(1, (days - slightly) / span);
        return Optional.of(new TriggerMatch(TriggerName.RE_ENGAGEMENT, round(days), slightly, round(confidence)));
    }

    /**
     * The customer's first session: 60 plus 10 per page view of it, at most 100, so a session that
     * is only a bounce (one view, 70) is less sure to be someone starting out than one that looks around.
     */
    static Optional<TriggerMatch> onboarding(boolean firstSession, long pageViews) {
        if (!firstSession) {
            return Optional.empty();
        }
        return Optional.of(new TriggerMatch(TriggerName.ONBOARDING, 1, 1, Math.min(100, 60 + 10 * pageViews)));
    }

    /**
     * The company's metric at or over the trigger's value: 70 at the value, rising evenly to 100 at
     * twice it (for a value of 1 or less, at the value plus 1).
     */
    static Optional<TriggerMatch> upsell(double metricValue, double target) {
        if (!(metricValue >= target)) {
            return Optional.empty();
        }
        double over = (metricValue - target) / Math.max(Math.abs(target), 1);
        return Optional.of(new TriggerMatch(TriggerName.UPSELL, metricValue, target, round(70 + 30 * Math.min(1, over))));
    }

    /**
     * A customer active this long (since their first session) who never viewed a page of the
     * trigger's collections: from 14 days, 70 at fourteen rising evenly to 100 at twenty-eight and
     * beyond, since the longer someone has used the product without finding a feature, the surer it
     * is that they have missed it rather than not reached it yet.
     */
    static Optional<TriggerMatch> featureDiscovery(Duration active) {
        double days = active.toMillis() / 86_400_000.0;
        if (!(days >= DISCOVERY_DAYS)) {
            return Optional.empty();
        }
        double confidence = 70 + 30 * Math.min(1, (days - DISCOVERY_DAYS) / DISCOVERY_DAYS);
        return Optional.of(new TriggerMatch(TriggerName.FEATURE_DISCOVERY, round(days), DISCOVERY_DAYS, round(confidence)));
    }

    private static Optional<TriggerMatch> counted(String trigger, long count) {
        if (count < ERRORS_NEEDED) {
            return Optional.empty();
        }
        return Optional.of(new TriggerMatch(trigger, count, ERRORS_NEEDED, Math.min(100, 80 + 10 * (count - ERRORS_NEEDED))));
    }

    private static double round(double number) {
        return Math.round(number * 100) / 100.0;
    }
}
