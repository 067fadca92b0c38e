package io.engagement.analytics.collection;

import io.engagement.analytics.rollup.Counters;

/**
 * The two scores of a collection, 0–100, from the merged rollups. docs/api/analytics.md states
 * both formulas with a worked example; change them there too.
 */
final class Scores {

    /** Time on page at which the time component of engagement is full. */
    static final double FULL_ATTENTION_SECONDS = 120;

    private Scores() {
    }

    /**
     * {@code 100 × (0.5 × min(avg_time_seconds / 120, 1) + 0.3 × avg_scroll_depth + 0.2 × (1 − drop_off_rate))};
     * 0 without visits.
     */
    static double engagement(Counters counters) {
        if (counters.visits() == 0) {
            return 0;
        }
        double time = Math.min(averageSeconds(counters) / FULL_ATTENTION_SECONDS, 1);
        double scroll = counters.leaves() == 0 ? 0 : counters.scrollDepth() / counters.leaves();
        return round(100 * (0.5 * time + 0.3 * scroll + 0.2 * (1 - dropOffRate(counters))), 1);
    }

    /** {@code 100 × min((error_count + 2 × rage_click_count) / total_visits, 1)}; 0 without visits. */
    static double friction(Counters counters) {
        if (counters.visits() == 0) {
            return 0;
        }
        return round(100 * Math.min((counters.errors() + 2.0 * counters.rageClicks()) / counters.visits(), 1), 1);
    }

    static double averageSeconds(Counters counters) {
        return counters.leaves() == 0 ? 0 : counters.durationMs() / counters.leaves() / 1000;
    }

    static double dropOffRate(Counters counters) {
        return counters.visits() == 0 ? 0 : Math.max(0, Math.min(1, (double) counters.exits() / counters.visits()));
    }

    static double round(double value, int decimals) {
        double scale = Math.pow(10, decimals);
        return Math.round(value * scale) / scale;
    }
}
