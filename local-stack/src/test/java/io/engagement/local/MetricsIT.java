package io.engagement.local;

import io.engagement.local.support.Answer;
import io.engagement.local.support.Json;
import io.engagement.local.support.RunningSuite;
import org.junit.jupiter.api.Test;

import java.net.http.HttpRequest;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The metrics the Grafana dashboard ({@code deploy/grafana}) reads, on each service's
 * {@code /actuator/prometheus}: consumer lag of every listener and Kafka Streams topology, events
 * ingested, messages sent and failed, alerts raised, and per-route latency histograms.
 */
class MetricsIT {

    private static final Duration BINDING = Duration.ofMinutes(2);

    private final RunningSuite suite = RunningSuite.get();

    @Test
    void theGatewayHasALatencyHistogramPerRoute() {
        suite.get("/external/v1/customers", "x-api-key", suite.acme.apiKey());

        await().atMost(BINDING).untilAsserted(() -> assertThat(scrape(ServiceFleet.GATEWAY))
                .contains("spring_cloud_gateway_requests_seconds_bucket{")
                .containsPattern("spring_cloud_gateway_requests_seconds_bucket\\{[^}]*routeId=\"customers\"")
                .contains("http_server_requests_seconds_bucket{"));
    }

    @Test
    void analyticsCountsIngestedEventsAndShowsTheLagOfItsListenersAndTopology() {
        Answer ingested = suite.post("/external/v1/events", Json.write(Map.of("events", List.of(Map.of(
                "type", "page_view", "session_id", "s-" + UUID.randomUUID(), "url", "https://metrics.test/a",
                "timestamp", Instant.now().toString())))),
                "x-api-key", suite.acme.apiKey());
        assertThat(ingested.status()).as(ingested.body()).isEqualTo(202);

        await().atMost(BINDING).untilAsserted(() -> {
            String metrics = scrape(ServiceFleet.ANALYTICS);
            assertThat(counter(metrics, "engagement_events_ingested_total")).isPositive();
            assertThat(metrics).containsPattern(lagOf("page-registry"))
                    .containsPattern(lagOf("page-rollups"))
                    .containsPattern(lagOf("collection-analytics-activity"))
                    .contains("http_server_requests_seconds_bucket{");
        });
    }

    @Test
    void messagingCountsSentAndFailedMessagesAndShowsItsLag() {
        await().atMost(BINDING).untilAsserted(() -> assertThat(scrape(ServiceFleet.MESSAGING))
                .containsPattern("engagement_messages_sent_total\\{[^}]*channel=\"email\"")
                .containsPattern("engagement_messages_sent_total\\{[^}]*channel=\"sms\"")
                .containsPattern("engagement_messages_failed_total\\{[^}]*channel=\"email\"")
                .containsPattern(lagOf("message-delivery")));
    }

    @Test
    void alertsCountsRaisedAlertsAndShowsTheLagOfDetection() {
        await().atMost(BINDING).untilAsserted(() -> assertThat(scrape(ServiceFleet.ALERT))
                .contains("engagement_alerts_raised_total")
                .containsPattern(lagOf("alert-store"))
                .containsPattern(lagOf("alert-detection")));
    }

    @Test
    void customersShowTheLagOfTheActivityListener() {
        await().atMost(BINDING).untilAsserted(() -> assertThat(scrape(ServiceFleet.CUSTOMER))
                .containsPattern(lagOf("customer-activity")));
    }

    /** The consumer lag gauge of a client of this group: Kafka names a group's clients after it. */
    private static String lagOf(String group) {
        return "kafka_consumer_fetch_manager_records_lag_max\\{[^}]*client_id=\"[^\"]*" + group;
    }

    private static double counter(String metrics, String name) {
        return metrics.lines()
                .filter(line -> line.startsWith(name + " ") || line.startsWith(name + "{"))
                .mapToDouble(line -> Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1)))
                .sum();
    }

    private String scrape(String service) {
        Answer answer = suite.send(HttpRequest.newBuilder(suite.fleet.uriOf(service).resolve("/actuator/prometheus")).GET());
        assertThat(answer.status()).isEqualTo(200);
        return answer.body();
    }
}
