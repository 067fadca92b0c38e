package io.engagement.bench;

import java.util.Arrays;

/** p50/p99 of latency samples taken in nanoseconds, answered in milliseconds. */
record Percentiles(int runs, double p50, double p99) {

    static Percentiles of(long[] nanos, int count) {
        long[] sorted = Arrays.copyOf(nanos, count);
        Arrays.sort(sorted);
        return new Percentiles(count, at(sorted, 50), at(sorted, 99));
    }

    private static double at(long[] sorted, int percent) {
        if (sorted.length == 0) {
            return Double.NaN;
        }
        int rank = (int) Math.ceil(percent / 100.0 * sorted.length) - 1;
        return sorted[Math.max(0, Math.min(sorted.length - 1, rank))] / 1_000_000.0;
    }
}
