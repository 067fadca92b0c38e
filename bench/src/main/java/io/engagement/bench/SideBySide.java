package io.engagement.bench;

import java.time.Duration;
import java.util.List;

/**
 * The same operation timed through the suite and straight against its database, one call at a
 * time, and printed side by side.
 */
final class SideBySide {

    // enough for the JIT to compile the hot paths of a point operation; slow list queries stop at the time limit
    private static final int WARM_UP_ITERATIONS = 3_000;
    private static final Duration WARM_UP_LIMIT = Duration.ofSeconds(30);

    private final int iterations;
    private final Duration limit;

    SideBySide(int iterations, Duration limit) {
        this.iterations = iterations;
        this.limit = limit;
    }

    Row compare(String operation, Runnable suite, Runnable database) {
        System.out.printf("Measuring %s ...%n", operation);
        Percentiles throughSuite = time(suite);
        Percentiles direct = time(database);
        System.out.printf("  suite: %d runs, p50 %.2f ms, p99 %.2f ms; database: %d runs, p50 %.2f ms, p99 %.2f ms%n",
                throughSuite.runs(), throughSuite.p50(), throughSuite.p99(), direct.runs(), direct.p50(), direct.p99());
        return new Row(operation, throughSuite, direct);
    }

    /**
     * As {@link #compare}, but an operation that fails (the embedded database can give up under a
     * long scan) is reported in its row instead of ending the run.
     */
    Row tryCompare(String operation, Runnable suite, Runnable database) {
        try {
            return compare(operation, suite, database);
        } catch (RuntimeException failure) {
            System.out.printf("  %s failed: %s%n", operation, failure);
            return new Row(operation + " (failed)", new Percentiles(0, Double.NaN, Double.NaN), new Percentiles(0, Double.NaN, Double.NaN));
        }
    }

    /** Warm-up first, then at most {@code iterations} runs or {@code limit} time, whichever comes first. */
    Percentiles time(Runnable operation) {
        long warmUpEnd = System.nanoTime() + WARM_UP_LIMIT.toNanos();
        for (int i = 0; i < WARM_UP_ITERATIONS && System.nanoTime() < warmUpEnd; i++) {
            operation.run();
        }
        long[] samples = new long[iterations];
        int runs = 0;
        long end = System.nanoTime() + limit.toNanos();
        while (runs < iterations && System.nanoTime() < end) {
            long started = System.nanoTime();
            operation.run();
            samples[runs++] = System.nanoTime() - started;
        }
        return Percentiles.of(samples, runs);
    }

    /**
     * Two ways of making the same call, timed in turns within the same stretch of time, so whatever
     * else the machine does at the moment weighs on both alike; warm-up first, as {@link #time}.
     */
    Pair inTurns(Runnable first, Runnable second) {
        long warmUpEnd = System.nanoTime() + WARM_UP_LIMIT.toNanos();
        for (int i = 0; i < WARM_UP_ITERATIONS && System.nanoTime() < warmUpEnd; i++) {
            first.run();
            second.run();
        }
        long[] firstSamples = new long[iterations];
        long[] secondSamples = new long[iterations];
        int runs = 0;
        long end = System.nanoTime() + limit.toNanos();
        while (runs < iterations && System.nanoTime() < end) {
            firstSamples[runs] = timed(first);
            secondSamples[runs++] = timed(second);
        }
        return new Pair(Percentiles.of(firstSamples, runs), Percentiles.of(secondSamples, runs));
    }

    private static long timed(Runnable operation) {
        long started = System.nanoTime();
        operation.run();
        return System.nanoTime() - started;
    }

    record Pair(Percentiles first, Percentiles second) {
    }

    static void print(List<Row> rows) {
        String line = "+----------------------+------------+------------+---------------+---------------+------------+";
        System.out.println();
        System.out.println(line);
        System.out.printf("| %-20s | %10s | %10s | %13s | %13s | %10s |%n",
                "operation", "suite p50", "suite p99", "database p50", "database p99", "ratio p50");
        System.out.println(line);
        for (Row row : rows) {
            System.out.printf("| %-20s | %7.2f ms | %7.2f ms | %10.2f ms | %10.2f ms | %9.2fx |%n", row.operation(),
                    row.suite().p50(), row.suite().p99(), row.database().p50(), row.database().p99(),
                    row.suite().p50() / row.database().p50());
        }
        System.out.println(line);
    }

    record Row(String operation, Percentiles suite, Percentiles database) {
    }
}
