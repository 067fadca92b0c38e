package io.engagement.bench;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Ingest as fast as the suite takes it: {@code clients} clients, each posting a batch of
 * {@code batch} events through the gateway as soon as its previous one was answered 202, for a
 * fixed time. Events are rendered while sent, by concatenation, as the bare producer renders its
 * own, so the generator costs both sides of a comparison the same little.
 */
final class GatewayIngest {

    /** More than any run sends: the events' timestamps spread over the window by this count. */
    private static final long PLANNED = 50_000_000L;

    private final int clients;
    private final int batch;
    private final Instant end;
    private final Duration window;

    /** Events are stamped over {@code window} up to {@code end}. */
    GatewayIngest(int clients, int batch, Instant end, Duration window) {
        this.clients = clients;
        this.batch = batch;
        this.end = end;
        this.window = window;
    }

    /** Posts for {@code time} and answers the events accepted per second. */
    double run(SuiteHttp client, TelemetryEvents events, String series, Duration time) throws Exception {
        System.out.printf("Ingest through the suite (%s): %d clients, %d events a request, %d s ...%n",
                series, clients, batch, time.toSeconds());
        AtomicLong next = new AtomicLong();
        AtomicLong accepted = new AtomicLong();
        long deadline = System.nanoTime() + time.toNanos();
        long started = System.nanoTime();
        ExecutorService pool = Executors.newFixedThreadPool(clients);
        try {
            List<Future<?>> running = new ArrayList<>();
            for (int c = 0; c < clients; c++) {
                running.add(pool.submit(() -> {
                    while (System.nanoTime() < deadline) {
                        String body = events.batch(series, next.getAndAdd(batch), batch, PLANNED, end, window);
                        HttpResponse<String> answer = SuiteHttp.expect(client.post("/external/v1/events", body), 202);
                        if (!answer.body().contains("\"accepted\":" + batch)) {
                            throw new IllegalStateException("not every event was accepted: " + answer.body());
                        }
                        accepted.addAndGet(batch);
                    }
                    return null;
                }));
            }
            for (Future<?> sender : running) {
                sender.get();
            }
        } finally {
            pool.shutdown();
        }
        double rate = accepted.get() / BenchSuite.seconds(started);
        System.out.printf("  %,d events accepted, %,.0f events/s%n", accepted.get(), rate);
        return rate;
    }
}
