package io.engagement.bench;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The total lag of every consumer group, sampled at a fixed period from a start on, so a reader
 * can see whether it stays bounded or keeps growing. A sample the broker did not answer is left out.
 */
final class LagSeries implements AutoCloseable {

    private final ConsumerLag lag;
    private final long started = System.nanoTime();
    private final List<Sample> samples = new ArrayList<>();
    private final ScheduledExecutorService sampler = Executors.newSingleThreadScheduledExecutor(runnable -> {
        Thread thread = new Thread(runnable, "lag-series");
        thread.setDaemon(true);
        return thread;
    });

    LagSeries(ConsumerLag lag, Duration period) {
        this.lag = lag;
        sampler.scheduleAtFixedRate(this::sample, 0, period.toMillis(), TimeUnit.MILLISECONDS);
    }

    private void sample() {
        try {
            long total = ConsumerLag.total(lag.all());
            synchronized (samples) {
                samples.add(new Sample(BenchSuite.seconds(started), total));
            }
        } catch (Exception unanswered) {
            // a loaded broker may time out a look; the next one comes a period later
        }
    }

    List<Sample> samples() {
        synchronized (samples) {
            return List.copyOf(samples);
        }
    }

    @Override
    public void close() {
        sampler.shutdownNow();
    }

    /** The total lag {@code seconds} after the start. */
    record Sample(double seconds, long lag) {
    }
}
