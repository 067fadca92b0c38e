package io.engagement.local.deploy;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The Grafana dashboard under {@code deploy/grafana} reads the metrics the services expose (their
 * presence on {@code /actuator/prometheus} is {@code MetricsIT}'s), from a Prometheus data source
 * chosen on import rather than one fixed uid.
 */
class GrafanaDashboardTest {

    private static final Path DASHBOARD = Path.of("..", "deploy", "grafana", "engagement-suite.json");

    /** What operators watch: consumer lag, ingest, dead letters, sends, alerts, rate limiting and per-route latency. */
    static final List<String> METRICS = List.of(
            "kafka_consumer_fetch_manager_records_lag_max",
            "engagement_events_ingested_total",
            "engagement_events_dead_lettered_total",
            "engagement_messages_sent_total",
            "engagement_messages_failed_total",
            "engagement_alerts_raised_total",
            "engagement_gateway_rate_limited_total",
            "spring_cloud_gateway_requests_seconds_bucket",
            "http_server_requests_seconds_bucket");

    @Test
    void everyWatchedMetricHasAPanelOnTheChosenPrometheus() {
        JsonNode dashboard = JsonMapper.builder().build().readTree(DASHBOARD.toFile());
        List<JsonNode> targets = new ArrayList<>();
        dashboard.get("panels").forEach(panel -> {
            if (panel.has("targets")) {
                assertThat(panel.get("datasource").get("uid").asString()).as(panel.get("title").asString()).isEqualTo("${datasource}");
                panel.get("targets").forEach(targets::add);
            }
        });
        List<String> expressions = targets.stream().map(target -> target.get("expr").asString()).toList();

        for (String metric : METRICS) {
            assertThat(expressions).as(metric).anySatisfy(expression -> assertThat(expression).contains(metric));
        }
        assertThat(dashboard.get("templating").get("list").valueStream().map(variable -> variable.get("type").asString()))
                .contains("datasource");
    }

    /**
     * Dead letters per origin topic, from the consumers' counter and from the broker, where each
     * {@code .dlq} grows whoever writes it (the Kafka Exporter of the production overlay).
     */
    @Test
    void deadLettersAreShownPerTopicFromTheConsumersAndTheBroker() {
        JsonNode dashboard = JsonMapper.builder().build().readTree(DASHBOARD.toFile());
        List<JsonNode> panels = dashboard.get("panels").valueStream()
                .filter(panel -> "Dead letters".equals(panel.get("title").asString()))
                .toList();
        assertThat(panels).as("the Dead letters panel").hasSize(1);
        List<String> expressions = panels.get(0).get("targets").valueStream().map(target -> target.get("expr").asString()).toList();
        assertThat(expressions).anySatisfy(expression -> assertThat(expression)
                .contains("engagement_events_dead_lettered_total").contains("by (topic"));
        assertThat(expressions).anySatisfy(expression -> assertThat(expression)
                .contains("kafka_topic_partition_current_offset").contains("dlq").contains("by (topic"));
    }
}
