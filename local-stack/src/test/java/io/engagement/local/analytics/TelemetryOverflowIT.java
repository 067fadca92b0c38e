package io.engagement.local.analytics;

import io.engagement.local.support.Answer;
import io.engagement.local.support.PageAnalytics;
import io.engagement.local.support.RunningSuite;
import io.engagement.local.support.TopicReader;
import io.engagement.platform.event.Topics;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.node.ObjectNode;

import java.time.Duration;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.stream.IntStream;

import static io.engagement.local.support.PageAnalytics.at;
import static io.engagement.local.support.PageAnalytics.yesterday;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * An organization past its fair share of the ingest rate (the suite's is {@value RunningSuite#FAIR_SHARE}
 * events/s per organization): what goes beyond waits on the overflow topic and is counted exactly
 * as the rest, by the same processing.
 */
class TelemetryOverflowIT {

    private static final int BATCHES = 6;
    private static final int PER_BATCH = 500;

    private final RunningSuite suite = RunningSuite.get();
    private final RunningSuite.Organization org = suite.createOrganization("Overflow " + UUID.randomUUID());
    private final PageAnalytics site = new PageAnalytics(suite, org);
    private final LocalDate day = yesterday();

    @Test
    void eventsBeyondTheShareGoToTheOverflowAndAreCountedExactlyAsTheRest() {
        List<String> sessions = IntStream.range(0, BATCHES).mapToObj(batch -> "s-" + UUID.randomUUID()).toList();
        List<List<ObjectNode>> batches = new ArrayList<>();
        for (String session : sessions) {
            batches.add(IntStream.range(0, PER_BATCH)
                    .mapToObj(i -> site.view(session, "/burst/" + (i % 5), at(day, "10:00").plusSeconds(i)))
                    .toList());
        }

        try (TopicReader overflow = new TopicReader(suite.infrastructure.kafkaBootstrapServers(), Topics.TELEMETRY_OVERFLOW)) {
            site.sendConcurrently(batches);

            assertThat(overflow.awaitMatching(record -> record.key().startsWith(org.id() + ":"), PER_BATCH))
                    .as("at least one batch beyond the share").hasSizeGreaterThanOrEqualTo(PER_BATCH);
        }
        Duration everyBatch = Duration.ofSeconds(60);
        for (String session : sessions) {
            await().atMost(everyBatch).untilAsserted(() -> {
                Answer summary = suite.get("/external/v1/sessions/" + session, "x-api-key", org.apiKey());
                assertThat(summary.status()).as(summary.body()).isEqualTo(200);
                assertThat(summary.json().get("page_view_count").asLong()).isEqualTo(PER_BATCH);
            });
        }
        site.awaitPages("/burst/0", "/burst/4");
        String collection = site.createdId("{\"name\": \"Burst\", \"url_patterns\": [\"/burst\"]}");
        await().atMost(everyBatch).untilAsserted(() -> assertThat(site.analytics(collection, "?start=" + day + "&end=" + day)
                .get("summary").get("total_visits").asLong()).isEqualTo((long) BATCHES * PER_BATCH));
    }
}
