package io.engagement.bench;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Ingest as a user feels it over a long run: telemetry at a steady rate for five minutes through the
 * gateway, with every consumer running, then the wait until collection analytics has counted every
 * accepted event. Run once with one replica of collection-analytics-service and once with two, and
 * printed side by side: ingest p50/p99, events accepted and counted (which must be equal), and how
 * long after the last request the count was complete.
 * <p>
 * System properties: {@code bench.rate} (events/s, 3800: what this machine sustains end to end), {@code bench.seconds} (300),
 * {@code bench.warm-up-seconds} (30), {@code bench.batch} (events per request, 100),
 * {@code bench.replicas} (the analytics replicas of each side, "1,2").
 */
public final class SustainedIngestBenchmark {

    private static final Pattern TOTAL_VISITS = Pattern.compile("\"total_visits\"\\s*:\\s*(\\d+)");
    private static final Pattern ACCEPTED = Pattern.compile("\"accepted\"\\s*:\\s*(\\d+)");
    private static final Pattern COLLECTION_ID = Pattern.compile("\"collection_id\"\\s*:\\s*\"([^\"]+)\"");
    private static final int PAGES = 50;
    /** Requests in flight at once; beyond it the sender falls behind its schedule, and says so. */
    private static final int IN_FLIGHT = 64;
    private static final Duration COUNT_LIMIT = Duration.ofMinutes(10);
    private static final Duration RESEND_AFTER = Duration.ofSeconds(1);

    private final int rate = Integer.getInteger("bench.rate", 3_800);
    private final Duration timed = Duration.ofSeconds(Integer.getInteger("bench.seconds", 300));
    private final Duration warmUp = Duration.ofSeconds(Integer.getInteger("bench.warm-up-seconds", 30));
    private final int batch = Integer.getInteger("bench.batch", 100);
    private final List<Integer> replicas = List.of(System.getProperty("bench.replicas", "1,2").split(",")).stream()
            .map(String::trim).map(Integer::valueOf).toList();

    public static void main(String[] args) throws Exception {
        new SustainedIngestBenchmark().run();
    }

    private void run() throws Exception {
        System.out.printf("Sustained ingest: %,d events/s in requests of %d for %d s after a %d s warm-up, analytics replicas %s%n",
                rate, batch, timed.toSeconds(), warmUp.toSeconds(), replicas);
        List<Side> sides = new ArrayList<>();
        for (int count : replicas) {
            try (BenchSuite suite = BenchSuite.start(Map.of("ENGAGEMENT_REPLICAS_ANALYTICS", Integer.toString(count)))) {
                Side side = measure(suite, count);
                side.print();
                sides.add(side);
            }
        }
        System.out.println();
        System.out.println("+----------------------+-----------+-----------+--------------+--------------+-------------+----------+--------------+");
        System.out.printf("| %-20s | %9s | %9s | %12s | %12s | %11s | %8s | %12s |%n",
                "analytics replicas", "p50", "p99", "accepted", "counted", "refused req", "behind", "counted after");
        System.out.println("+----------------------+-----------+-----------+--------------+--------------+-------------+----------+--------------+");
        for (Side side : sides) {
            System.out.printf("| %-20d | %6.1f ms | %6.1f ms | %,12d | %,12d | %,11d | %6.1f s | %10.1f s |%n", side.replicas(),
                    side.latency().p50(), side.latency().p99(), side.accepted(), side.counted(), side.refused(),
                    side.behindSeconds(), side.countedAfterSeconds());
        }
        System.out.println("+----------------------+-----------+-----------+--------------+--------------+-------------+----------+--------------+");
        if (sides.size() == 2) {
            System.out.printf("p99 with %d replicas vs %d: %.2fx; counted/accepted: %.4f vs %.4f%n", sides.get(1).replicas(),
                    sides.get(0).replicas(), sides.get(1).latency().p99() / sides.get(0).latency().p99(),
                    sides.get(0).countedShare(), sides.get(1).countedShare());
        }
    }

    private Side measure(BenchSuite suite, int replicaCount) throws Exception {
        URI gateway = URI.create(suite.credentials().gatewayUrl());
        String key = suite.credentials().apiKey();
        String host = "https://" + UUID.randomUUID().toString().substring(0, 8) + ".bench.example";
        HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(5)).build();
        Semaphore inFlight = new Semaphore(IN_FLIGHT);
        ConcurrentLinkedQueue<Long> latencies = new ConcurrentLinkedQueue<>();
        AtomicLong accepted = new AtomicLong();
        AtomicLong refused = new AtomicLong();
        Map<String, AtomicLong> refusals = new ConcurrentSkipListMap<>();
        long warmUpBatches = warmUp.toSeconds() * rate / batch;
        long batches = warmUpBatches + timed.toSeconds() * rate / batch;
        long interval = TimeUnit.SECONDS.toNanos(1) * batch / rate;
        long behind = 0;
        System.out.printf("Sending %,d events with %d analytics replica(s) ...%n", batches * batch, replicaCount);
        long started = System.nanoTime();
        List<CompletableFuture<Void>> pending = new ArrayList<>();
        for (long b = 0; b < batches; b++) {
            long due = started + b * interval;
            // sleeping, not spinning: the suite needs both cores
            LockSupport.parkNanos(due - System.nanoTime());
            inFlight.acquire();
            behind = Math.max(behind, System.nanoTime() - due);
            boolean timedBatch = b >= warmUpBatches;
            long sent = System.nanoTime();
            long batchNumber = b;
            Supplier<HttpRequest> request = () -> HttpRequest.newBuilder(gateway.resolve("/external/v1/events"))
                    .timeout(Duration.ofSeconds(30)).header("x-api-key", key).header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString(body(host, batchNumber))).build();
            pending.add(untilAccepted(http, request, refusals).handle((response, failure) -> {
                inFlight.release();
                if (failure == null) {
                    accepted.addAndGet(number(ACCEPTED, response.body()));
                    if (timedBatch) {
                        latencies.add(System.nanoTime() - sent);
                    }
                } else {
                    refused.incrementAndGet();
                }
                return null;
            }));
            if (pending.size() > 10_000) {
                pending.removeIf(CompletableFuture::isDone);
            }
        }
        CompletableFuture.allOf(pending.toArray(CompletableFuture[]::new)).join();
        long sendingEnded = System.nanoTime();
        long[] samples = latencies.stream().mapToLong(Long::longValue).toArray();
        System.out.printf("  sent in %.1f s: %,d events accepted, %,d requests refused %s, at most %.1f s behind schedule%n",
                BenchSuite.seconds(started), accepted.get(), refused.get(), refusals, behind / 1e9);

        SuiteHttp api = suite.http();
        String created = createCollection(api);
        String collection = "/external/v1/page-collections/" + match(COLLECTION_ID, created) + "?start="
                + LocalDate.now(ZoneOffset.UTC).minusDays(1) + "&end=" + LocalDate.now(ZoneOffset.UTC).plusDays(1);
        long counted = 0;
        long deadline = System.nanoTime() + COUNT_LIMIT.toNanos();
        while (counted < accepted.get() && System.nanoTime() < deadline) {
            HttpResponse<String> analytics = api.get(collection);
            if (analytics.statusCode() == 200) {
                counted = number(TOTAL_VISITS, analytics.body());
            }
            Thread.sleep(500);
        }
        return new Side(replicaCount, Percentiles.of(samples, samples.length), accepted.get(), counted, refused.get(), behind / 1e9,
                BenchSuite.seconds(sendingEnded));
    }

    /**
     * Sends a batch until it is answered 202, as a client does after a 503: the same event ids, so
     * a batch the broker took before its 503 is counted once. Each refusal is counted by its status.
     */
    private static CompletableFuture<HttpResponse<String>> untilAccepted(HttpClient http, Supplier<HttpRequest> request,
                                                                       Map<String, AtomicLong> refusals) {
        return http.sendAsync(request.get(), HttpResponse.BodyHandlers.ofString()).handle((response, failure) -> {
            if (failure == null && response.statusCode() == 202) {
                return CompletableFuture.completedFuture(response);
            }
            String reason = failure != null ? failure.getClass().getSimpleName() : Integer.toString(response.statusCode());
            refusals.computeIfAbsent(reason, unseen -> new AtomicLong()).incrementAndGet();
            return CompletableFuture.supplyAsync(() -> null, CompletableFuture.delayedExecutor(RESEND_AFTER.toMillis(), TimeUnit.MILLISECONDS))
                    .thenCompose(ignored -> untilAccepted(http, request, refusals));
        }).thenCompose(Function.identity());
    }

    /** A loaded analytics service may still answer 503 for a while after the last request; a client tries again. */
    private static String createCollection(SuiteHttp api) throws InterruptedException {
        long deadline = System.nanoTime() + COUNT_LIMIT.toNanos();
        while (true) {
            HttpResponse<String> created = api.post("/external/v1/page-collections", "{\"name\": \"Sustained\", \"url_patterns\": [\"/sustained\"]}");
            if (created.statusCode() != 503 || System.nanoTime() > deadline) {
                return SuiteHttp.expect(created, 200).body();
            }
            Thread.sleep(1_000);
        }
    }

    /** Page views of ten-view sessions over {@value #PAGES} pages, stamped now. */
    private String body(String host, long b) {
        StringBuilder body = new StringBuilder(batch * 200).append("{\"events\": [");
        Instant now = Instant.now();
        for (int i = 0; i < batch; i++) {
            long sequence = b * batch + i;
            body.append(i == 0 ? "" : ",").append("{\"event_id\": \"").append(new UUID(b, i)).append("\", \"type\": \"page_view\", ")
                    .append("\"session_id\": \"s-").append(sequence / 10).append("\", \"customer_id\": \"c-").append(sequence / 10 % 5_000)
                    .append("\", \"url\": \"").append(host).append("/sustained/").append(sequence % PAGES)
                    .append("\", \"title\": \"Page\", \"timestamp\": \"").append(now.minusMillis(batch - i)).append("\"}");
        }
        return body.append("]}").toString();
    }

    private static long number(Pattern pattern, String body) {
        return Long.parseLong(match(pattern, body));
    }

    private static String match(Pattern pattern, String body) {
        Matcher matcher = pattern.matcher(body);
        if (!matcher.find()) {
            throw new IllegalStateException("no " + pattern + " in " + body);
        }
        return matcher.group(1);
    }

    record Side(int replicas, Percentiles latency, long accepted, long counted, long refused, double behindSeconds,
                double countedAfterSeconds) {

        double countedShare() {
            return accepted == 0 ? Double.NaN : (double) counted / accepted;
        }

        void print() {
            System.out.printf("  %d replica(s): p50 %.1f ms, p99 %.1f ms; %,d accepted, %,d counted (%s), %.1f s after the last request%n",
                    replicas, latency.p50(), latency.p99(), accepted, counted, counted == accepted ? "equal" : "NOT EQUAL", countedAfterSeconds);
        }
    }
}
