package io.engagement.bench;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * One organization's burst against another's freshness, as a user of {@code ./run.sh} would see it:
 * organization A posts 500-event batches at {@code bench.rate} events/s for {@code bench.seconds};
 * {@code bench.probe-at} seconds into the burst, A and B each send a page view and a failing API
 * call of a new session. Printed per organization: how long until that session is visible in the
 * sessions API and until its alert is listed, once with the fair share switched off (every event on
 * the main telemetry topic) and once with the installation's fair share, each on a fresh suite.
 * <p>
 * System properties: {@code bench.rate} (11000), {@code bench.seconds} (60), {@code bench.probe-at}
 * (40), {@code bench.clients} (16), {@code bench.wait-seconds} (how long a probe is waited for, 400),
 * {@code bench.fair-share} (events/s, the installation's 500), {@code bench.baseline} (false skips
 * the run with everything on the main topic). Each run also prints every consumer group's lag when
 * the probes are sent and shortly after, which shows where a probe waits.
 */
public final class BurstFairnessBenchmark {

    private static final int BATCH = TelemetryEvents.MAX_BATCH;
    private static final Duration LOOK_EVERY = Duration.ofMillis(250);

    private final int rate = Integer.getInteger("bench.rate", 11_000);
    private final Duration burst = Duration.ofSeconds(Integer.getInteger("bench.seconds", 60));
    private final Duration probeAt = Duration.ofSeconds(Integer.getInteger("bench.probe-at", 40));
    private final int clients = Integer.getInteger("bench.clients", 16);
    private final Duration waitLimit = Duration.ofSeconds(Integer.getInteger("bench.wait-seconds", 400));
    private final int fairShare = Integer.getInteger("bench.fair-share", 500);
    private final boolean baseline = Boolean.parseBoolean(System.getProperty("bench.baseline", "true"));
    private final List<Duration> lagLooks = List.of(Duration.ZERO, Duration.ofSeconds(5), Duration.ofSeconds(15));

    public static void main(String[] args) throws Exception {
        new BurstFairnessBenchmark().run();
    }

    private void run() throws Exception {
        System.out.printf("Burst fairness: A at %,d events/s for %d s, probes %d s in%n", rate, burst.toSeconds(), probeAt.toSeconds());
        Delays onMain = baseline ? burst(0) : Delays.NOT_RUN;
        Delays shared = burst(fairShare);
        System.out.println();
        System.out.printf("%-34s %22s %22s%n", "seconds after the probe was sent", "everything on main", "fair share " + fairShare + "/s");
        row("B: session visible", onMain, shared, Delays::sessionB);
        row("B: alert listed", onMain, shared, Delays::alertB);
        row("A: session visible", onMain, shared, Delays::sessionA);
        row("A: alert listed", onMain, shared, Delays::alertA);
        System.out.printf("%-34s %22s %22s%n", "A: events/s accepted", rateOf(onMain), rateOf(shared));
        System.out.println("(target: B's session and alert within 10 s during the burst)");
    }

    private Delays burst(int share) throws Exception {
        try (BenchSuite suite = BenchSuite.start(Map.of(), List.of("-Dengagement.ingest.fair-share.events-per-second=" + share))) {
            SuiteHttp a = suite.http();
            SuiteHttp b = a.as(a.createOrganization(suite.credentials().adminToken(), "Burst B " + UUID.randomUUID()).apiKey());
            for (SuiteHttp organization : List.of(a, b)) {
                SuiteHttp.expect(organization.post("/external/v1/alerts/rules", """
                        {"name": "Bench: a failing endpoint", "type": "repeated_api_failures", "threshold": 1,
                         "frequency": "hourly", "channels": [{"type": "dashboard"}]}"""), 201);
            }
            TelemetryEvents events = new TelemetryEvents(suite.credentials().organizationId(), 50, 20_000);
            ExecutorService probing = Executors.newFixedThreadPool(2);
            AtomicLong accepted = new AtomicLong();
            long started = System.nanoTime();
            ExecutorService senders = Executors.newFixedThreadPool(clients);
            Future<Probe> probeA;
            Future<Probe> probeB;
            try {
                List<Future<?>> sending = send(a, events, accepted, started, senders);
                LockSupport.parkNanos(started + probeAt.toNanos() - System.nanoTime());
                probeA = probing.submit(() -> probe(a, "A"));
                probeB = probing.submit(() -> probe(b, "B"));
                printLags(suite);
                for (Future<?> sender : sending) {
                    sender.get();
                }
            } finally {
                senders.shutdown();
            }
            double acceptedRate = accepted.get() / BenchSuite.seconds(started);
            System.out.printf("  A's burst: %,d events accepted, %,.0f/s%n", accepted.get(), acceptedRate);
            Probe ofA = probeA.get();
            Probe ofB = probeB.get();
            probing.shutdown();
            return new Delays(ofB.session(), ofB.alert(), ofA.session(), ofA.alert(), acceptedRate);
        }
    }

    /** Clients posting A's batches on a schedule of {@code rate}; a refused batch is sent again, as a client would. */
    private List<Future<?>> send(SuiteHttp a, TelemetryEvents events, AtomicLong accepted, long started, ExecutorService senders) {
        long batches = burst.toSeconds() * rate / BATCH;
        long interval = 1_000_000_000L * BATCH / rate;
        Instant end = Instant.now().plus(burst);
        AtomicLong next = new AtomicLong();
        List<Future<?>> sending = new ArrayList<>();
        for (int c = 0; c < clients; c++) {
            sending.add(senders.submit(() -> {
                for (long batch = next.getAndIncrement(); batch < batches; batch = next.getAndIncrement()) {
                    LockSupport.parkNanos(started + batch * interval - System.nanoTime());
                    String json = events.batch("burst", batch * BATCH, BATCH, batches * BATCH, end, burst);
                    while (a.post("/external/v1/events", json).statusCode() != 202) {
                        LockSupport.parkNanos(Duration.ofMillis(200).toNanos());
                    }
                    accepted.addAndGet(BATCH);
                }
                return null;
            }));
        }
        return sending;
    }

    /** Every group's lag at each of {@link #lagLooks} after the probes were sent, the groups behind only. */
    private void printLags(BenchSuite suite) throws Exception {
        long probed = System.nanoTime();
        try (ConsumerLag lag = new ConsumerLag(suite.credentials().kafkaBootstrap())) {
            for (Duration look : lagLooks) {
                LockSupport.parkNanos(probed + look.toNanos() - System.nanoTime());
                StringBuilder behind = new StringBuilder();
                for (var group : lag.all().entrySet()) {
                    if (group.getValue().lag() > group.getValue().partitions()) {
                        behind.append(String.format("%n    %s %s", group.getKey(), lag.byTopic(group.getKey())));
                    }
                }
                System.out.printf("  lag %2d s after the probes:%s%n", look.toSeconds(), behind.isEmpty() ? " none" : behind);
            }
        }
    }

    /** A new session with a page view and a failing call, then the wait for its summary and its alert. */
    private Probe probe(SuiteHttp organization, String name) {
        String session = "probe-" + name + "-" + UUID.randomUUID();
        String failing = "https://api.probe.test/" + session;
        Instant now = Instant.now();
        String batch = """
                {"events": [
                 {"type": "page_view", "session_id": "%1$s", "timestamp": "%2$s", "url": "https://probe.test/start"},
                 {"type": "api_log", "session_id": "%1$s", "timestamp": "%3$s", "url": "https://probe.test/start",
                  "request_url": "%4$s", "method": "POST", "status": 503, "duration_ms": 120}]}"""
                .formatted(session, now.minusMillis(2), now.minusMillis(1), failing);
        long sent = System.nanoTime();
        SuiteHttp.expect(organization.post("/external/v1/events", batch), 202);
        Double sessionSeconds = null;
        Double alertSeconds = null;
        long deadline = sent + waitLimit.toNanos();
        while ((sessionSeconds == null || alertSeconds == null) && System.nanoTime() < deadline) {
            if (sessionSeconds == null && answers(organization, "/external/v1/sessions/" + session, body -> true)) {
                sessionSeconds = BenchSuite.seconds(sent);
            }
            if (alertSeconds == null && answers(organization, "/external/v1/alerts?type=repeated_api_failures&page_size=100",
                    body -> body.contains(failing))) {
                alertSeconds = BenchSuite.seconds(sent);
            }
            LockSupport.parkNanos(LOOK_EVERY.toNanos());
        }
        System.out.printf("  %s's probe: session %s, alert %s%n", name, shown(sessionSeconds), shown(alertSeconds));
        return new Probe(sessionSeconds, alertSeconds);
    }

    private static boolean answers(SuiteHttp organization, String path, Predicate<String> body) {
        try {
            HttpResponse<String> answer = organization.get(path);
            return answer.statusCode() == 200 && body.test(answer.body());
        } catch (RuntimeException unavailable) {
            return false;
        }
    }

    private void row(String name, Delays onMain, Delays shared, Function<Delays, Double> delay) {
        String main = onMain == Delays.NOT_RUN ? "not run" : shown(delay.apply(onMain));
        System.out.printf("%-34s %22s %22s%n", name, main, shown(delay.apply(shared)));
    }

    private String shown(Double seconds) {
        return seconds == null ? "> " + waitLimit.toSeconds() + " s" : String.format("%.1f s", seconds);
    }

    private static String rateOf(Delays delays) {
        return delays == Delays.NOT_RUN ? "not run" : String.format("%,.0f", delays.acceptedRate());
    }

    private record Probe(Double session, Double alert) {
    }

    private record Delays(Double sessionB, Double alertB, Double sessionA, Double alertA, double acceptedRate) {

        static final Delays NOT_RUN = new Delays(null, null, null, null, 0);
    }
}
