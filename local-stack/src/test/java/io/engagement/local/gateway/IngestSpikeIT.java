package io.engagement.local.gateway;

import io.engagement.local.support.Answer;
import io.engagement.local.support.RunningSuite;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * One organization bursting telemetry beyond its budget is refused with 429 while another
 * organization's ingest goes on unrefused and as fast as before the burst. Behaviour, not a
 * benchmark: the latency bound is generous.
 */
class IngestSpikeIT {

    private static final String EVENTS = "/external/v1/events";
    private static final int BUDGET = 30;
    private static final int FLOODERS = 2;

    private final RunningSuite suite = RunningSuite.get();
    private final RunningSuite.Organization flooding = suite.createOrganization("Flooding " + UUID.randomUUID());
    private final RunningSuite.Organization steady = suite.createOrganization("Steady " + UUID.randomUUID());

    @Test
    void aBurstBeyondOneOrganizationsBudgetIsRefusedWhileAnothersLatencyStaysFlat() throws Exception {
        assertThat(suite.admin("PUT", "/admin/v1/organizations/" + flooding.id() + "/rate-limits",
                "{\"organization\": {\"limit\": " + BUDGET + ", \"period_seconds\": 3600}}").status()).isEqualTo(200);
        ingest(steady, 20);
        List<Long> baseline = ingest(steady, 40);

        AtomicBoolean going = new AtomicBoolean(true);
        ExecutorService flooders = Executors.newFixedThreadPool(FLOODERS);
        List<Future<int[]>> floods = new ArrayList<>();
        for (int flooder = 0; flooder < FLOODERS; flooder++) {
            floods.add(flooders.submit(() -> flood(going)));
        }
        List<Long> duringBurst;
        try {
            duringBurst = ingest(steady, 40);
        } finally {
            going.set(false);
            flooders.shutdown();
        }
        int accepted = 0;
        int refused = 0;
        for (Future<int[]> flood : floods) {
            accepted += flood.get()[0];
            refused += flood.get()[1];
        }

        assertThat(refused).isGreaterThan(accepted);
        assertThat(accepted).isBetween(1, BUDGET);
        long baselineP95 = p95(baseline);
        assertThat(p95(duringBurst)).as("p95 during the burst; %d ms before it", baselineP95)
                .isLessThan(3 * baselineP95 + 50);
    }

    /** {@code count} batches one after another, each answered 202; their latencies in ms. */
    private List<Long> ingest(RunningSuite.Organization org, int count) {
        List<Long> latencies = new ArrayList<>();
        for (int batch = 0; batch < count; batch++) {
            long sent = System.nanoTime();
            Answer answer = suite.post(EVENTS, batch(), "X-Public-Key", org.publicKey());
            latencies.add(Duration.ofNanos(System.nanoTime() - sent).toMillis());
            assertThat(answer.status()).as("steady organization's batch %d: %s", batch, answer.body()).isEqualTo(202);
        }
        return latencies;
    }

    /** Batches as fast as one client sends them until told to stop: how many were accepted and refused. */
    private int[] flood(AtomicBoolean going) {
        int[] answers = new int[2];
        while (going.get()) {
            int status = suite.post(EVENTS, batch(), "X-Public-Key", flooding.publicKey()).status();
            if (status == 202) {
                answers[0]++;
            } else if (status == 429) {
                answers[1]++;
            } else {
                throw new AssertionError("the flooding organization was answered " + status);
            }
        }
        return answers;
    }

    private static String batch() {
        return "{\"events\": [{\"type\": \"page_view\", \"session_id\": \"s-" + UUID.randomUUID()
                + "\", \"url\": \"https://app.example.com/spike\", \"title\": \"Spike\", \"timestamp\": \"2026-11-21T10:00:00Z\"}]}";
    }

    private static long p95(List<Long> latencies) {
        List<Long> sorted = latencies.stream().sorted().toList();
        return sorted.get((int) Math.ceil(sorted.size() * 0.95) - 1);
    }
}
