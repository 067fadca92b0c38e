package io.engagement.alert.detection;

/**
 * How sure an alert is, 0–100, one formula per type (docs/api/alerts.md lists them). An alert whose
 * confidence is below its rule's {@code confidence_threshold} is not raised (yet: more evidence in
 * the same window may raise it later).
 */
final class Confidence {

    private Confidence() {
    }

    /**
     * Count types: 80 when the count first reaches the threshold, 10 more per event past it, at most 100.
     * The first qualifying count is the threshold rounded up, and at least 1.
     */
    static double ofCount(long count, double threshold) {
        long crossing = Math.max(1, (long) Math.ceil(threshold));
        return Math.min(100, 80 + 10 * Math.max(0, count - crossing));
    }

    /** Latency: 40 plus 2 per call in the window; 80 at the 20 calls the type needs, 100 from 30. */
    static double ofLatency(long calls) {
        return Math.min(100, 40 + 2 * calls);
    }

    /** Interaction drop: 50 plus 5 per page view of the previous window, at most 100 (10 views and more). */
    static double ofDrop(long previousViews) {
        return Math.min(100, 50 + 5 * previousViews);
    }

    /** Churn: 40 plus 5 per event of the session behind the score, at most 100 (12 events and more). */
    static double ofChurn(long sessionEvents) {
        return Math.min(100, 40 + 5 * sessionEvents);
    }
}
