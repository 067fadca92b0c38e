package io.engagement.analytics.session;

/**
 * The two per-session scores docs/api/sessions.md documents, from the session's counts alone, so the same
 * events always give the same scores.
 */
final class SessionScores {

    /** Ten minutes between a session's first and last event earns the whole time component. */
    static final double FULL_TIME_SECONDS = 600;
    static final double FULL_PAGE_VIEWS = 5;
    static final double FULL_INTERACTIONS = 20;
    static final double MANY_ERRORS = 5;
    static final double MANY_RAGE_CLICKS = 3;

    private SessionScores() {
    }

    /**
     * {@code 100 × (0.4 × min(active_seconds / 600, 1) + 0.3 × min(page_views / 5, 1) + 0.3 × min(interactions / 20, 1))},
     * one decimal.
     */
    static double engagement(double activeSeconds, long pageViews, long interactions) {
        double score = 0.4 * capped(activeSeconds / FULL_TIME_SECONDS)
                + 0.3 * capped(pageViews / FULL_PAGE_VIEWS)
                + 0.3 * capped(interactions / FULL_INTERACTIONS);
        return Math.round(1000 * score) / 10.0;
    }

    /**
     * {@code 0.45 × (1 − engagement / 100) + 0.25 × min(errors / 5, 1) + 0.2 × api_error_rate + 0.1 × min(rage_clicks / 3, 1)},
     * three decimals: a disengaged session that keeps failing is the one most likely to be a customer's last.
     */
    static double churnRisk(double engagement, long errors, double apiErrorRate, long rageClicks) {
        double risk = 0.45 * (1 - engagement / 100)
                + 0.25 * capped(errors / MANY_ERRORS)
                + 0.2 * apiErrorRate
                + 0.1 * capped(rageClicks / MANY_RAGE_CLICKS);
        return Math.round(1000 * capped(risk)) / 1000.0;
    }

    private static double capped(double share) {
        return Math.max(0, Math.min(1, share));
    }
}
