package io.engagement.bench;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeSet;
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
 * The pipeline under a steady load with every consumer running, next to the floors it is judged
 * by, in one run on one suite:
 * <ol>
 *   <li>the floors: the suite's ingest with the analytics processing paused (clients posting
 *       batches as fast as they are answered, after a warm-up, as the telemetry benchmark's first
 *       phase does) and a bare Kafka producer into the same broker; then processing is resumed and
 *       every consumer group allowed to catch up;</li>
 *   <li>the sustained phase: telemetry at a steady rate through the gateway, refused batches sent
 *       again, then the wait until collection analytics counts every accepted event. Printed: the
 *       rate and its ratios to both floors, every consumer group's lag at the end of the timed
 *       window and when counting completed, the total lag every 30 s, and each process's CPU
 *       seconds per 1,000 events accepted (from {@code /proc}).</li>
 * </ol>
 * Run once per entry of {@code bench.replicas} (replicas of collection-analytics-service).
 * <p>
 * System properties: {@code bench.rate} (events/s, 6000), {@code bench.seconds} (300),
 * {@code bench.warm-up-seconds} (30), {@code bench.batch} (events per request of the sustained
 * phase, 100), {@code bench.replicas} ("1"), {@code bench.ingest-seconds} (20),
 * {@code bench.ingest-warm-up-seconds} (60), {@code bench.ingest-batch} (500),
 * {@code bench.clients} (8), {@code bench.profile} (a directory: record each process with Java
 * Flight Recorder during the timed window), {@code bench.profile-seconds} (120).
 */
public final class SustainedIngestBenchmark {

    private static final Pattern TOTAL_VISITS = Pattern.compile("\"total_visits\"\\s*:\\s*(\\d+)");
    private static final Pattern ACCEPTED = Pattern.compile("\"accepted\"\\s*:\\s*(\\d+)");
    private static final Pattern COLLECTION_ID = Pattern.compile("\"collection_id\"\\s*:\\s*\"([^\"]+)\"");
    private static final int PAGES = 50;
    private static final int FLOOR_USERS = 20_000;
    private static final Duration FLOOR_WINDOW = Duration.ofDays(29);
    /** Requests in flight at once; beyond it the sender falls behind its schedule, and says so. */
    private static final int IN_FLIGHT = 64;
    private static final Duration COUNT_LIMIT = Duration.ofMinutes(10);
    /** The paused phases leave millions of events behind; draining them at 20 k/s takes minutes. */
    private static final Duration CATCH_UP_LIMIT = Duration.ofMinutes(30);
    private static final Duration RESEND_AFTER = Duration.ofSeconds(1);
    private static final Duration LAG_PERIOD = Duration.ofSeconds(30);
    /** How far the lag may swing above the first half's highest and still count as bounded, in events at the rate asked. */
    private static final Duration LAG_MARGIN = Duration.ofSeconds(10);
    private static final double PAUSED_TARGET = 0.50;
    private static final double BARE_TARGET = 0.10;

    private final int rate = Integer.getInteger("bench.rate", 7_000);
    private final Duration timed = Duration.ofSeconds(Integer.getInteger("bench.seconds", 300));
    private final Duration warmUp = Duration.ofSeconds(Integer.getInteger("bench.warm-up-seconds", 30));
    private final int batch = Integer.getInteger("bench.batch", 100);
    private final List<Integer> replicas = List.of(System.getProperty("bench.replicas", "1").split(",")).stream()
            .map(String::trim).map(Integer::valueOf).toList();
    private final Duration ingestTime = Duration.ofSeconds(Integer.getInteger("bench.ingest-seconds", 20));
    private final Duration ingestWarmUp = Duration.ofSeconds(Integer.getInteger("bench.ingest-warm-up-seconds", 60));
    private final int ingestBatch = Integer.getInteger("bench.ingest-batch", TelemetryEvents.MAX_BATCH);
    private final int clients = Integer.getInteger("bench.clients", 8);
    private final String profile = System.getProperty("bench.profile", "");
    private final Duration profileTime = Duration.ofSeconds(Integer.getInteger("bench.profile-seconds", 120));

    public static void main(String[] args) throws Exception {
        new SustainedIngestBenchmark().run();
    }

    private void run() throws Exception {
        System.out.printf("Sustained pipeline: %,d events/s in requests of %d for %d s after a %d s warm-up, analytics replicas %s%n",
                rate, batch, timed.toSeconds(), warmUp.toSeconds(), replicas);
        List<Side> sides = new ArrayList<>();
        for (int count : replicas) {
            try (BenchSuite suite = BenchSuite.start(Map.of("ENGAGEMENT_REPLICAS_ANALYTICS", Integer.toString(count)));
                 ConsumerLag lag = new ConsumerLag(suite.credentials().kafkaBootstrap())) {
                Floors floors = measureFloors(suite, lag);
                Side side = measure(suite, lag, count, floors);
                side.print(rate, timed);
                sides.add(side);
            }
        }
        System.out.println();
        System.out.println("+----------+-----------+------------+-----------+-----------+--------------+--------------+-------------+----------+--------------+");
        System.out.printf("| %-8s | %9s | %10s | %9s | %9s | %12s | %12s | %11s | %8s | %12s |%n",
                "replicas", "events/s", "vs paused", "vs bare", "p99", "accepted", "counted", "refused req", "behind", "counted after");
        System.out.println("+----------+-----------+------------+-----------+-----------+--------------+--------------+-------------+----------+--------------+");
        for (Side side : sides) {
            System.out.printf("| %-8d | %,9.0f | %8.1f %% | %7.1f %% | %6.1f ms | %,12d | %,12d | %,11d | %6.1f s | %10.1f s |%n",
                    side.replicas(), side.rate(), 100 * side.rate() / side.floors().paused(), 100 * side.rate() / side.floors().bare(),
                    side.latency().p99(), side.accepted(), side.counted(), side.refused(), side.behindSeconds(), side.countedAfterSeconds());
        }
        System.out.println("+----------+-----------+------------+-----------+-----------+--------------+--------------+-------------+----------+--------------+");
        System.out.printf("targets: events/s >= %.0f %% of the paused-ingest rate and >= %.0f %% of a bare producer's, lag bounded, accepted = counted%n",
                100 * PAUSED_TARGET, 100 * BARE_TARGET);
    }

    // --- 1. the floors --------------------------------------------------------------------------

    /**
     * Ingest alone, measured as the telemetry benchmark does: the analytics processing paused (the
     * records wait in Kafka), the same events from an organization of their own, so they never
     * reach the sustained phase's count; then the bare producer into a topic nobody reads.
     */
    private Floors measureFloors(BenchSuite suite, ConsumerLag lag) throws Exception {
        SuiteHttp http = suite.http();
        SuiteHttp.Organization organization = http.createOrganization(suite.credentials().adminToken(), "Ingest floor");
        TelemetryEvents events = new TelemetryEvents(organization.id(), PAGES, FLOOR_USERS);
        Instant end = Instant.now().truncatedTo(ChronoUnit.HOURS);
        GatewayIngest gateway = new GatewayIngest(clients, ingestBatch, end, FLOOR_WINDOW);
        BareProducer bareProducer = new BareProducer(suite.credentials().kafkaBootstrap(), clients * ingestBatch, end, FLOOR_WINDOW);
        double paused;
        double bare;
        suite.processing(true);
        try {
            gateway.run(http.as(organization.apiKey()), events, "ingest-warm-up", ingestWarmUp);
            paused = gateway.run(http.as(organization.apiKey()), events, "ingest-paused", ingestTime);
            bareProducer.createTopic(lag.admin());
            bareProducer.run(events, "bare-warm-up", ingestWarmUp);
            bare = bareProducer.run(events, "bare", ingestTime);
        } finally {
            suite.processing(false);
        }
        System.out.println("Processing resumed; waiting for every consumer group to catch up ...");
        long catchingUp = System.nanoTime();
        boolean settled = lag.awaitSettled(List.of(), CATCH_UP_LIMIT);
        double caughtUp = BenchSuite.seconds(catchingUp);
        System.out.printf("  %s after %.1f s%n", settled ? "every group caught up" : "NOT every group caught up", caughtUp);
        return new Floors(paused, bare, caughtUp);
    }

    // --- 2. the sustained phase -----------------------------------------------------------------

    private Side measure(BenchSuite suite, ConsumerLag lag, int replicaCount, Floors floors) throws Exception {
        URI gateway = URI.create(suite.credentials().gatewayUrl());
        String key = suite.credentials().apiKey();
        String host = "https://" + UUID.randomUUID().toString().substring(0, 8) + ".bench.example";
        HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(5)).build();
        Semaphore inFlight = new Semaphore(IN_FLIGHT);
        ConcurrentLinkedQueue<Long> latencies = new ConcurrentLinkedQueue<>();
        AtomicLong accepted = new AtomicLong();
        AtomicLong timedAccepted = new AtomicLong();
        AtomicLong refused = new AtomicLong();
        Map<String, AtomicLong> refusals = new ConcurrentSkipListMap<>();
        Map<String, Long> pids = suite.servicePids();
        long warmUpBatches = warmUp.toSeconds() * rate / batch;
        long batches = warmUpBatches + timed.toSeconds() * rate / batch;
        long interval = TimeUnit.SECONDS.toNanos(1) * batch / rate;
        long behind = 0;
        System.out.printf("Sending %,d events at %,d events/s with %d analytics replica(s) ...%n", batches * batch, rate, replicaCount);
        if (!profile.isEmpty()) {
            // started now and delayed by the warm-up, so the jcmd calls cost the warm-up, not the window
            FlightRecordings.start(pids, Path.of(profile, "replicas-" + replicaCount), warmUp, profileTime);
        }
        Map<String, Double> cpuAtStart = ProcessCpu.sample(pids);
        Map<String, Double> cpuAtTimed = cpuAtStart;
        long timedStarted = 0;
        // its first look is at the first request, so its times count from there
        LagSeries lagSeries = new LagSeries(lag, LAG_PERIOD);
        long started = System.nanoTime();
        List<CompletableFuture<Void>> pending = new ArrayList<>();
        for (long b = 0; b < batches; b++) {
            long due = started + b * interval;
            // sleeping, not spinning: the suite needs both cores
            LockSupport.parkNanos(due - System.nanoTime());
            inFlight.acquire();
            behind = Math.max(behind, System.nanoTime() - due);
            boolean timedBatch = b >= warmUpBatches;
            if (b == warmUpBatches) {
                cpuAtTimed = ProcessCpu.sample(pids);
                timedStarted = System.nanoTime();
            }
            long sent = System.nanoTime();
            long batchNumber = b;
            Supplier<HttpRequest> request = () -> HttpRequest.newBuilder(gateway.resolve("/external/v1/events"))
                    .timeout(Duration.ofSeconds(30)).header("x-api-key", key).header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString(body(host, batchNumber))).build();
            pending.add(untilAccepted(http, request, refusals).handle((response, failure) -> {
                inFlight.release();
                if (failure == null) {
                    long events = number(ACCEPTED, response.body());
                    accepted.addAndGet(events);
                    if (timedBatch) {
                        timedAccepted.addAndGet(events);
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
        Map<String, Double> cpuAtTimedEnd = ProcessCpu.sample(pids);
        Map<String, ConsumerLag.Group> lagAtTimedEnd = lag.all();
        double timedSeconds = (sendingEnded - timedStarted) / 1e9;
        // from the window's scheduled start: a sender that fell behind in the warm-up and caught up in
        // the window would otherwise report a burst above the rate asked
        double rateAchieved = timedAccepted.get() / ((sendingEnded - (started + warmUpBatches * interval)) / 1e9);
        long[] samples = latencies.stream().mapToLong(Long::longValue).toArray();
        System.out.printf("  sent in %.1f s: %,d events accepted (%,d in the timed window), %,d requests refused %s, at most %.1f s behind schedule%n",
                BenchSuite.seconds(started), accepted.get(), timedAccepted.get(), refused.get(), refusals, behind / 1e9);

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
        double countedAfter = BenchSuite.seconds(sendingEnded);
        Map<String, Double> cpuAtCounted = ProcessCpu.sample(pids);
        Map<String, ConsumerLag.Group> lagAtCounted = lag.all();
        boolean settled = lag.awaitSettled(List.of(), COUNT_LIMIT);
        double settledAfter = BenchSuite.seconds(sendingEnded);
        lagSeries.close();

        Cpu cpu = new Cpu((timedStarted - started) / 1e9, ProcessCpu.between(cpuAtTimed, cpuAtTimedEnd), timedSeconds, timedAccepted.get(),
                ProcessCpu.between(cpuAtStart, cpuAtCounted), accepted.get());
        return new Side(replicaCount, floors, rateAchieved, Percentiles.of(samples, samples.length),
                accepted.get(), counted, refused.get(), behind / 1e9, countedAfter, settled ? settledAfter : Double.NaN,
                lagAtTimedEnd, lagAtCounted, lagSeries.samples(), cpu);
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

    /** Ingest alone through the suite, processing paused, and a bare producer; how long the consumers then took to catch up. */
    record Floors(double paused, double bare, double caughtUpSeconds) {
    }

    /**
     * CPU seconds by process over the timed window (with its wall time and the events accepted in
     * it) and over the whole phase, from its first request until counting completed, with every
     * event accepted in the phase.
     */
    record Cpu(double timedStartSeconds, Map<String, Double> timed, double timedSeconds, long timedEvents,
               Map<String, Double> throughCounted, long allEvents) {

        void print() {
            System.out.printf("  CPU by process (from /proc/<pid>/stat, user + system): timed window %.1f s, %,d events; "
                    + "whole phase until counted, %,d events%n", timedSeconds, timedEvents, allEvents);
            System.out.printf("    %-42s | %9s | %10s | %17s | %22s%n", "process", "CPU s", "cores busy", "CPU s / 1,000 ev", "until counted: s / 1,000");
            double timedTotal = 0;
            double countedTotal = 0;
            for (var entry : timed.entrySet()) {
                double spent = entry.getValue();
                double untilCounted = throughCounted.getOrDefault(entry.getKey(), Double.NaN);
                timedTotal += spent;
                countedTotal += untilCounted;
                row(entry.getKey(), spent, untilCounted);
            }
            row("all", timedTotal, countedTotal);
        }

        private void row(String process, double spent, double untilCounted) {
            System.out.printf("    %-42s | %9.1f | %10.2f | %17.4f | %22.4f%n", process, spent, spent / timedSeconds,
                    spent / (timedEvents / 1_000.0), untilCounted / (allEvents / 1_000.0));
        }
    }

    record Side(int replicas, Floors floors, double rate, Percentiles latency, long accepted, long counted, long refused,
                double behindSeconds, double countedAfterSeconds, double settledAfterSeconds,
                Map<String, ConsumerLag.Group> lagAtTimedEnd, Map<String, ConsumerLag.Group> lagAtCounted,
                List<LagSeries.Sample> lagSeries, Cpu cpu) {

        void print(int targetRate, Duration timed) {
            System.out.println();
            System.out.printf("Sustained pipeline, %d analytics replica(s), every consumer running%n", replicas);
            System.out.printf("  paused-ingest rate (gateway + ingest, analytics processing paused) %,12.0f events/s%n", floors.paused());
            System.out.printf("  bare Kafka producer in this JVM, same broker (stands in for kcat)  %,12.0f events/s%n", floors.bare());
            System.out.printf("  every consumer group caught up with the floors' events %.1f s after processing resumed%n",
                    floors.caughtUpSeconds());
            System.out.printf("  sustained rate (asked %,d), timed %d s                            %,12.0f events/s%n",
                    targetRate, timed.toSeconds(), rate);
            System.out.printf("    ratio to the paused-ingest rate %6.1f %%   (target >= %.0f %%)%n", 100 * rate / floors.paused(), 100 * PAUSED_TARGET);
            System.out.printf("    ratio to the bare producer      %6.1f %%   (target >= %.0f %%)%n", 100 * rate / floors.bare(), 100 * BARE_TARGET);
            System.out.printf("  ingest p50 %.1f ms, p99 %.1f ms; %,d accepted, %,d counted (%s), counted %.1f s after the last request%n",
                    latency.p50(), latency.p99(), accepted, counted, counted == accepted ? "equal" : "NOT EQUAL", countedAfterSeconds);
            System.out.printf("  every consumer group caught up %s%n", Double.isNaN(settledAfterSeconds)
                    ? "NOT within " + COUNT_LIMIT.toMinutes() + " min after the last request"
                    : String.format("%.1f s after the last request", settledAfterSeconds));
            System.out.printf("  consumer group lag (records)      %-42s | %16s | %16s%n", "group", "end of timed window", "counting completed");
            SortedSet<String> groups = new TreeSet<>(lagAtTimedEnd.keySet());
            groups.addAll(lagAtCounted.keySet());
            for (String group : groups) {
                System.out.printf("                                    %-42s | %,19d | %,18d%n", group,
                        lagOf(lagAtTimedEnd, group), lagOf(lagAtCounted, group));
            }
            System.out.printf("                                    %-42s | %,19d | %,18d%n", "total",
                    ConsumerLag.total(lagAtTimedEnd), ConsumerLag.total(lagAtCounted));
            System.out.printf("  total lag every %d s from the first request: %s%n", LAG_PERIOD.toSeconds(), lagSeries.stream()
                    .map(sample -> String.format("%.0f s %,d", sample.seconds(), sample.lag())).toList());
            System.out.printf("  lag over the timed window: %s%n", boundedness(targetRate, timed));
            cpu.print();
        }

        private static long lagOf(Map<String, ConsumerLag.Group> lags, String group) {
            ConsumerLag.Group lag = lags.get(group);
            return lag == null ? 0 : lag.lag();
        }

        /**
         * Bounded when the highest lag of the timed window's second half is no higher than its first
         * half's highest plus ten seconds of events: a lag that keeps growing, however slowly, does
         * not pass (a margin of half the first half's highest let a lag rising by a third pass);
         * a steady one with the usual swings does.
         */
        private String boundedness(int targetRate, Duration timed) {
            double windowStart = cpu.timedStartSeconds();
            double middle = windowStart + timed.toSeconds() / 2.0;
            double windowEnd = windowStart + cpu.timedSeconds();
            long firstHalf = highest(windowStart, middle);
            long secondHalf = highest(middle, windowEnd);
            if (firstHalf < 0 || secondHalf < 0) {
                return "too few samples to tell";
            }
            boolean bounded = secondHalf <= firstHalf + (long) targetRate * LAG_MARGIN.toSeconds();
            return String.format("highest %,d in the first half, %,d in the second: %s", firstHalf, secondHalf,
                    bounded ? "bounded" : "GROWING");
        }

        private long highest(double from, double to) {
            return lagSeries.stream().filter(sample -> sample.seconds() >= from && sample.seconds() < to)
                    .mapToLong(LagSeries.Sample::lag).max().orElse(-1);
        }
    }
}
