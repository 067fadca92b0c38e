package io.engagement.alert.detection;

import io.engagement.alert.rule.AlertRule;
import io.engagement.platform.event.Topics;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.kstream.Consumed;
import org.apache.kafka.streams.kstream.KStream;
import org.apache.kafka.streams.kstream.Produced;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TestOutputTopic;
import org.apache.kafka.streams.TopologyTestDriver;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.PropertyNamingStrategies;
import tools.jackson.databind.json.JsonMapper;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/** The detection topology on Kafka Streams' test driver: windows, de-duplication, confidence and the wall-clock drop check. */
class DetectionTopologyTest {

    private static final long ORG = 7;
    private static final JsonMapper JSON = JsonMapper.builder().propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE).build();

    @TempDir
    Path stateDir;

    private final List<AlertRule> rules = new ArrayList<>();
    private TopologyTestDriver driver;
    private TestInputTopic<String, String> telemetry;
    private TestInputTopic<String, String> sessions;
    private TestOutputTopic<String, String> alerts;

    private void start() {
        Properties properties = new Properties();
        properties.put(StreamsConfig.APPLICATION_ID_CONFIG, "detection-test");
        properties.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, "unused:9092");
        properties.put(StreamsConfig.STATE_DIR_CONFIG, stateDir.toString());
        DetectionSettings settings = new DetectionSettings(0, null, null, null, null, null);
        // as the binder builds it: a source per input binding, the function, a sink for its output binding
        StreamsBuilder builder = new StreamsBuilder();
        DetectionTopology.build(source(builder, Topics.TELEMETRY), source(builder, Topics.SESSION), JSON,
                        organization -> organization == ORG ? List.copyOf(rules) : List.of(), settings)
                .to(Topics.ALERT, Produced.with(Serdes.String(), Serdes.String()));
        driver = new TopologyTestDriver(builder.build(), properties);
        telemetry = driver.createInputTopic(Topics.TELEMETRY, new StringSerializer(), new StringSerializer());
        sessions = driver.createInputTopic(Topics.SESSION, new StringSerializer(), new StringSerializer());
        alerts = driver.createOutputTopic(Topics.ALERT, new StringDeserializer(), new StringDeserializer());
    }

    private static KStream<String, String> source(StreamsBuilder builder, String topic) {
        return builder.stream(List.of(topic), Consumed.with(Serdes.String(), Serdes.String()));
    }

    @AfterEach
    void close() {
        if (driver != null) {
            driver.close();
        }
    }

    @Test
    void aCountRuleRaisesOncePerWindowAndAgainInTheNextWindow() {
        AlertRule rule = rule(AlertRule.HIGH_ERROR_FREQUENCY, 2, 70);
        start();
        Instant first = Instant.parse("2026-11-20T10:00:00Z");

        for (int i = 0; i < 4; i++) {
            event("console_error", first.plusSeconds(i), UUID.randomUUID().toString(), "");
        }
        event("console_error", first.plus(Duration.ofHours(1)), UUID.randomUUID().toString(), "");
        event("console_error", first.plus(Duration.ofHours(1)).plusSeconds(1), UUID.randomUUID().toString(), "");

        List<JsonNode> raised = raised();
        assertThat(raised).hasSize(2);
        assertThat(raised.get(0).at("/data/window_start").asString()).isEqualTo("2026-11-20T10:00:00Z");
        assertThat(raised.get(1).at("/data/window_start").asString()).isEqualTo("2026-11-20T11:00:00Z");
        assertThat(raised.get(0).at("/data/alert_id").asString()).isEqualTo(AlertRaised.idOf(rule.ruleId(), first, null));
        assertThat(raised.get(0).at("/data/value").asDouble()).isEqualTo(2);
        assertThat(raised.get(0).at("/type").asString()).isEqualTo("alert.raised");
        assertThat(raised.get(0).at("/org_id").asLong()).isEqualTo(ORG);
    }

    @Test
    void aResentEventIsCountedOnce() {
        rule(AlertRule.HIGH_ERROR_FREQUENCY, 2, 70);
        start();
        Instant at = Instant.parse("2026-11-20T10:00:00Z");
        String id = UUID.randomUUID().toString();

        event("console_error", at, id, "");
        event("console_error", at, id, "");
        assertThat(raised()).isEmpty();

        event("console_error", at.plusSeconds(1), UUID.randomUUID().toString(), "");
        assertThat(raised()).hasSize(1);
    }

    @Test
    void anAlertBelowTheRulesConfidenceThresholdWaitsForMoreEvidenceInTheWindow() {
        rule(AlertRule.HIGH_ERROR_FREQUENCY, 2, 90);
        start();
        Instant at = Instant.parse("2026-11-20T10:00:00Z");

        event("console_error", at, UUID.randomUUID().toString(), "");
        event("console_error", at.plusSeconds(1), UUID.randomUUID().toString(), "");
        assertThat(raised()).isEmpty();
        event("console_error", at.plusSeconds(2), UUID.randomUUID().toString(), "");

        List<JsonNode> raised = raised();
        assertThat(raised).hasSize(1);
        assertThat(raised.get(0).at("/data/confidence").asDouble()).isEqualTo(90);
        assertThat(raised.get(0).at("/data/value").asDouble()).isEqualTo(3);
    }

    @Test
    void aWindowWithoutEventsIsJudgedByTheWallClockOnceTheOrganizationIsIdle() {
        rule(AlertRule.INTERACTION_DROP, 50, 70);
        start();
        Instant busy = Instant.now().truncatedTo(ChronoUnit.HOURS).minus(Duration.ofHours(3));
        for (int i = 0; i < 10; i++) {
            event("page_view", busy.plusSeconds(i), UUID.randomUUID().toString(), "");
        }
        assertThat(raised()).isEmpty();

        driver.advanceWallClockTime(Duration.ofMinutes(3));

        List<JsonNode> raised = raised();
        assertThat(raised).hasSize(1);
        assertThat(raised.get(0).at("/data/window_start").asString()).isEqualTo(busy.plus(Duration.ofHours(1)).toString());
        assertThat(raised.get(0).at("/data/value").asDouble()).isEqualTo(100);
        assertThat(raised.get(0).at("/data/confidence").asDouble()).isEqualTo(100);
        driver.advanceWallClockTime(Duration.ofMinutes(3));
        assertThat(raised()).isEmpty();
    }

    @Test
    void aChurnSignalIsRaisedOncePerCustomerAndWindow() {
        rule(AlertRule.CHURN_SIGNAL, 0.6, 70);
        start();
        Instant at = Instant.parse("2026-11-20T10:00:00Z");

        session("c-1", 0.7, at);
        session("c-1", 0.9, at.plusSeconds(60));
        session("c-2", 0.65, at.plusSeconds(90));
        session("c-3", 0.5, at.plusSeconds(120));

        List<JsonNode> raised = raised();
        assertThat(raised).extracting(alert -> alert.at("/data/subject").asString()).containsExactly("c-1", "c-2");
        assertThat(raised.get(0).at("/data/value").asDouble()).isEqualTo(0.7);
    }

    @Test
    void aSessionSummaryThatDoesNotReadAsOneIsPassedOver() {
        rule(AlertRule.CHURN_SIGNAL, 0.6, 70);
        start();
        Instant at = Instant.parse("2026-11-20T10:00:00Z");

        sessions.pipeInput(ORG + ":s-c-1", "{not json");
        sessions.pipeInput(ORG + ":s-c-1", (String) null);
        sessions.pipeInput(ORG + ":s-c-1", """
                {"type": "session.summarized", "org_id": %d, "data": {"customer_id": "c-1", "last_seen_at": "yesterday"}}""".formatted(ORG));
        session("c-2", 0.65, at);

        assertThat(raised()).extracting(alert -> alert.at("/data/subject").asString()).containsExactly("c-2");
    }

    @Test
    void telemetryThatDoesNotReadAsAnEventIsPassedOverAndTheEventsAfterItCount() {
        rule(AlertRule.HIGH_ERROR_FREQUENCY, 2, 70);
        start();
        Instant at = Instant.parse("2026-11-20T10:00:00Z");

        telemetry.pipeInput(ORG + ":s1", "{not json");
        telemetry.pipeInput(ORG + ":s1", (String) null);
        telemetry.pipeInput(ORG + ":s1", """
                {"type": "console_error", "data": {"event_id": "e-1", "type": "console_error", "timestamp": "%s"}}""".formatted(at));
        telemetry.pipeInput(ORG + ":s1", """
                {"type": "console_error", "org_id": %d, "data": {"event_id": "e-2", "type": "console_error", "timestamp": "yesterday"}}"""
                .formatted(ORG));
        event("console_error", at, UUID.randomUUID().toString(), "");
        assertThat(raised()).isEmpty();

        event("console_error", at.plusSeconds(1), UUID.randomUUID().toString(), "");

        assertThat(raised()).singleElement().satisfies(alert -> assertThat(alert.at("/data/value").asDouble()).isEqualTo(2));
    }

    @Test
    void onlyFactsAnEnabledRuleUsesAreRepartitioned() {
        rule(AlertRule.HIGH_ERROR_FREQUENCY, 2, 70);
        start();
        Instant at = Instant.parse("2026-11-20T10:00:00Z");

        event("page_view", at, UUID.randomUUID().toString(), "");
        event("api_log", at, UUID.randomUUID().toString(), ", \"status\": 200, \"duration_ms\": 12");
        assertThat(driver.producedTopicNames()).noneMatch(topic -> topic.endsWith("facts-by-organization-repartition"));

        event("console_error", at, UUID.randomUUID().toString(), "");
        assertThat(driver.producedTopicNames()).anyMatch(topic -> topic.endsWith("facts-by-organization-repartition"));
    }

    private AlertRule rule(String type, double threshold, double confidenceThreshold) {
        AlertRule rule = new AlertRule(UUID.randomUUID().toString(), ORG, type, type, threshold, "hourly", List.of(), null,
                confidenceThreshold, true, null, Instant.EPOCH, Instant.EPOCH);
        rules.add(rule);
        return rule;
    }

    private void event(String type, Instant at, String eventId, String extra) {
        String envelope = """
                {"id": "%s", "type": "%s", "schema_version": 1, "org_id": %d, "occurred_at": "%s",
                 "data": {"event_id": "%s", "type": "%s", "session_id": "s1", "url": "https://app.example.com/", "timestamp": "%s"%s}}"""
                .formatted(UUID.randomUUID(), type, ORG, at, eventId, type, at, extra);
        telemetry.pipeInput(ORG + ":s1", envelope);
    }

    private void session(String customer, double churn, Instant lastSeen) {
        String envelope = """
                {"id": "%s", "type": "session.summarized", "schema_version": 1, "org_id": %d, "occurred_at": "%s",
                 "data": {"session_id": "s-%s", "customer_id": "%s", "started_at": "%s", "last_seen_at": "%s", "channel": "web",
                          "page_view_count": 1, "total_error_count": 0, "api_call_count": 0, "api_error_count": 0, "api_error_rate": 0,
                          "avg_response_time_ms": 0, "engagement_score": 10, "churn_risk_score": %s, "replay_chunks": 0, "event_count": 8}}"""
                .formatted(UUID.randomUUID(), ORG, lastSeen, customer, customer, lastSeen, lastSeen, churn);
        sessions.pipeInput(ORG + ":s-" + customer, envelope);
    }

    private List<JsonNode> raised() {
        return alerts.readValuesToList().stream().map(JSON::readTree).toList();
    }
}
