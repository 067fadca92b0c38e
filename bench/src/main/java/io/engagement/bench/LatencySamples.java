package io.engagement.bench;

import java.util.concurrent.atomic.AtomicInteger;

/** Latencies in nanoseconds, collected from many threads, up to a capacity. */
final class LatencySamples {

    private final long[] nanos;
    private final AtomicInteger count = new AtomicInteger();

    LatencySamples(int capacity) {
        nanos = new long[capacity];
    }

    void add(long latency) {
        int at = count.getAndIncrement();
        if (at < nanos.length) {
            nanos[at] = latency;
        }
    }

    Percentiles percentiles() {
        return Percentiles.of(nanos, Math.min(count.get(), nanos.length));
    }
}
