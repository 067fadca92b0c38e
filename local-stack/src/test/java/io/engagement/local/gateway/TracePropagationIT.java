package io.engagement.local.gateway;

import io.engagement.local.ServiceFleet;
import io.engagement.local.support.Answer;
import io.engagement.local.support.RunningSuite;
import io.engagement.local.support.TopicReader;
import io.engagement.platform.event.Topics;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.Header;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * One ingest request followed by its W3C trace id: from the client's {@code traceparent} through
 * the gateway and the ingest service into the telemetry record's headers, and on into the
 * raw-event archive that consumes it.
 */
class TracePropagationIT {

    private final RunningSuite suite = RunningSuite.get();

    @Test
    void anIngestRequestsTraceReachesTheRecordAndItsConsumer() {
        String traceId = randomHex(16);
        String session = "trace-" + UUID.randomUUID();
        String event = """
                {"events": [{"type": "page_view", "session_id": "%s", "timestamp": "%s", "url": "https://shop.example/traced"}]}
                """.formatted(session, Instant.now());

        try (TopicReader telemetry = new TopicReader(suite.infrastructure.kafkaBootstrapServers(), Topics.TELEMETRY)) {
            Answer accepted = suite.post("/external/v1/events", event,
                    "x-api-key", suite.acme.apiKey(), "traceparent", "00-" + traceId + "-" + randomHex(8) + "-01");
            assertThat(accepted.status()).as(accepted.body()).isEqualTo(202);

            ConsumerRecord<String, String> record = telemetry.awaitMatching(
                    candidate -> TopicReader.json(candidate).at("/data/session_id").asString().equals(session), 1).get(0);
            Header traceparent = record.headers().lastHeader("traceparent");
            assertThat(traceparent).as("the record carries the request's trace").isNotNull();
            assertThat(new String(traceparent.value(), StandardCharsets.UTF_8)).startsWith("00-" + traceId + "-");
        }

        Path analyticsLog = suite.fleet.logFileOf(ServiceFleet.ANALYTICS);
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertThat(linesOf(analyticsLog))
                .as("the raw-event archive handled the event in the request's trace")
                .anySatisfy(line -> assertThat(line).contains(traceId).contains("Archiving a page_view event of session " + session)));
    }

    @Test
    void requestsWithoutATraceStartOneThatTheRecordCarries() {
        String session = "untraced-" + UUID.randomUUID();
        String event = """
                {"events": [{"type": "page_view", "session_id": "%s", "timestamp": "%s", "url": "https://shop.example/untraced"}]}
                """.formatted(session, Instant.now());

        try (TopicReader telemetry = new TopicReader(suite.infrastructure.kafkaBootstrapServers(), Topics.TELEMETRY)) {
            assertThat(suite.post("/external/v1/events", event, "x-api-key", suite.acme.apiKey()).status()).isEqualTo(202);

            ConsumerRecord<String, String> record = telemetry.awaitMatching(
                    candidate -> TopicReader.json(candidate).at("/data/session_id").asString().equals(session), 1).get(0);
            Header traceparent = record.headers().lastHeader("traceparent");
            assertThat(traceparent).isNotNull();
            assertThat(new String(traceparent.value(), StandardCharsets.UTF_8)).matches("00-[0-9a-f]{32}-[0-9a-f]{16}-01");
        }
    }

    private static List<String> linesOf(Path file) {
        try {
            return Files.readAllLines(file);
        } catch (IOException failure) {
            throw new UncheckedIOException(failure);
        }
    }

    private static String randomHex(int bytes) {
        byte[] random = new byte[bytes];
        ThreadLocalRandom.current().nextBytes(random);
        return HexFormat.of().formatHex(random);
    }
}
