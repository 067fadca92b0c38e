package io.engagement.local.alert;

import io.engagement.local.support.Alerts;
import io.engagement.local.support.Answer;
import io.engagement.local.support.Json;
import io.engagement.local.support.RunningSuite;
import io.engagement.platform.event.Topics;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Each alert type raised from real telemetry through the gateway and the broker, by the event that
 * crosses the threshold; and not raised just below it. A non-event is proven by a second rule of
 * the same organization with a lower threshold: both rules see the same events in order, so once
 * the lower one's alert is visible the higher one has had its chance.
 */
class AlertDetectionIT {


    private final RunningSuite suite = RunningSuite.get();
    private final Alerts org = new Alerts(suite, suite.createOrganization("Detection " + UUID.randomUUID()));
    private final String session = "s-" + UUID.randomUUID();

    @Test
    void highErrorFrequencyIsRaisedByTheEventThatReachesTheThresholdOncePerWindow() {
        String justAbove = org.rule(Alerts.countRule("high_error_frequency", 6));
        String reached = org.rule(Alerts.countRule("high_error_frequency", 5));
        Instant window = Alerts.hourStart(2);
        List<String> events = new ArrayList<>();
        IntStream.range(0, 3).forEach(i -> events.add(Alerts.consoleError(session, window.plusSeconds(60 + i))));
        IntStream.range(0, 2).forEach(i -> events.add(Alerts.apiCall(session, window.plusSeconds(120 + i), "https://api.example.com/a", 500 - i * 500, 40)));
        events.add(Alerts.apiCall(session, window.plusSeconds(130), "https://api.example.com/a", 404, 40));

        org.events(events);

        JsonNode alert = org.awaitAlert(reached);
        assertThat(org.alertsOf(justAbove)).isEmpty();
        assertThat(alert.get("type").asString()).isEqualTo("high_error_frequency");
        assertThat(alert.get("value").asDouble()).isEqualTo(5);
        assertThat(alert.get("threshold").asDouble()).isEqualTo(5);
        assertThat(alert.get("confidence").asDouble()).isEqualTo(80);
        assertThat(alert.get("window_start").asString()).isEqualTo(window.toString());
        assertThat(alert.get("window_end").asString()).isEqualTo(window.plus(Duration.ofHours(1)).toString());
        assertThat(alert.get("subject").isNull()).isTrue();
        assertThat(alert.get("status").asString()).isEqualTo("open");
        assertThat(alert.get("message").asString()).startsWith("5 errors");
        assertThat(alert.get("raised_at").asString()).isNotBlank();
        assertThat(alert.get("deliveries")).isEqualTo(Json.read("[{\"channel\": \"dashboard\", \"status\": \"delivered\", \"attempts\": 1}]"));

        org.events(List.of(Alerts.consoleError(session, window.plusSeconds(200)), Alerts.consoleError(session, window.plusSeconds(201))));

        JsonNode later = org.awaitAlert(justAbove);
        assertThat(later.get("value").asDouble()).isEqualTo(6);
        assertThat(later.get("confidence").asDouble()).isEqualTo(80);
        assertThat(org.alertsOf(reached)).hasSize(1);
    }

    @Test
    void repeatedApiFailuresAreCountedPerRequestUrl() {
        String rule = org.rule(Alerts.countRule("repeated_api_failures", 3));
        Instant window = Alerts.hourStart(1);
        String quiet = "https://api.example.com/orders";
        String failing = "https://api.example.com/payments";

        org.events(List.of(
                Alerts.apiCall(session, window.plusSeconds(1), quiet, 502, 20),
                Alerts.apiCall(session, window.plusSeconds(2), quiet, 0, 20),
                Alerts.apiCall(session, window.plusSeconds(3), quiet, 200, 20),
                Alerts.apiCall(session, window.plusSeconds(4), failing, 500, 20),
                Alerts.apiCall(session, window.plusSeconds(5), failing, 503, 20),
                Alerts.apiCall(session, window.plusSeconds(6), failing, 0, 20)));

        JsonNode alert = org.awaitAlert(rule);
        assertThat(org.alertsOf(rule)).hasSize(1);
        assertThat(alert.get("subject").asString()).isEqualTo(failing);
        assertThat(alert.get("value").asDouble()).isEqualTo(3);
        assertThat(alert.get("type").asString()).isEqualTo("repeated_api_failures");
    }

    @Test
    void aLatencySpikeNeedsTwentyCallsAndAP95AboveTheThreshold() {
        String above = org.rule("""
                {"name": "p95 300", "type": "latency_spike", "threshold": 300, "frequency": "daily"}""");
        String below = org.rule("""
                {"name": "p95 200", "type": "latency_spike", "threshold": 200, "frequency": "daily"}""");
        Instant day = Instant.now().truncatedTo(java.time.temporal.ChronoUnit.DAYS).minus(Duration.ofDays(1));
        List<String> calls = new ArrayList<>();
        IntStream.range(0, 20).forEach(i -> calls.add(Alerts.apiCall(session, day.plusSeconds(3600 + i), "https://api.example.com/slow", 200, i < 18 ? 100 : 250)));

        org.events(calls);

        JsonNode alert = org.awaitAlert(below);
        assertThat(org.alertsOf(above)).isEmpty();
        assertThat(alert.get("value").asDouble()).isEqualTo(250);
        assertThat(alert.get("confidence").asDouble()).isEqualTo(80);
        assertThat(alert.get("window_start").asString()).isEqualTo(day.toString());
        assertThat(alert.get("window_end").asString()).isEqualTo(day.plus(Duration.ofDays(1)).toString());
    }

    @Test
    void anInteractionDropIsRaisedWhenALaterWindowBegins() {
        String steep = org.rule(Alerts.countRule("interaction_drop", 90));
        String moderate = org.rule(Alerts.countRule("interaction_drop", 50));
        Instant before = Alerts.hourStart(4);
        Instant dropped = Alerts.hourStart(3);
        List<String> views = new ArrayList<>();
        IntStream.range(0, 10).forEach(i -> views.add(Alerts.pageView(session, before.plusSeconds(10 + i))));
        IntStream.range(0, 2).forEach(i -> views.add(Alerts.pageView(session, dropped.plusSeconds(10 + i))));
        views.add(Alerts.pageView(session, Alerts.hourStart(2).plusSeconds(5)));

        org.events(views);

        JsonNode alert = org.awaitAlert(moderate);
        assertThat(org.alertsOf(steep)).isEmpty();
        assertThat(alert.get("value").asDouble()).isEqualTo(80);
        assertThat(alert.get("threshold").asDouble()).isEqualTo(50);
        assertThat(alert.get("confidence").asDouble()).isEqualTo(100);
        assertThat(alert.get("window_start").asString()).isEqualTo(dropped.toString());
        assertThat(alert.get("message").asString()).contains("from 10 to 2");
    }

    @Test
    void aChurnSignalIsRaisedPerCustomerFromSessionSummaries() {
        String high = org.rule(Alerts.countRule("churn_signal", 0.9));
        String reached = org.rule(Alerts.countRule("churn_signal", 0.7));
        String customer = "cust-" + UUID.randomUUID();

        publishSessionSummary(customer, 0.8, 10);

        JsonNode alert = org.awaitAlert(reached);
        assertThat(org.alertsOf(high)).isEmpty();
        assertThat(alert.get("subject").asString()).isEqualTo(customer);
        assertThat(alert.get("value").asDouble()).isEqualTo(0.8);
        assertThat(alert.get("confidence").asDouble()).isEqualTo(90);
    }

    /**
     * The whole path: telemetry through the gateway, the analytics service's session summary, the
     * alert. One view and seven console errors at one instant: engagement 6.0, so churn risk
     * 0.45 × 0.94 + 0.25 × 1 = 0.673 once five errors are in; the alert may come from any summary
     * with six events or more (confidence 70 and up).
     */
    @Test
    void aChurnSignalFollowsACustomersTelemetryThroughSessionIntelligence() {
        String high = org.rule(Alerts.countRule("churn_signal", 0.7));
        String reached = org.rule(Alerts.countRule("churn_signal", 0.65));
        String customer = "cust-" + UUID.randomUUID();
        Instant at = Instant.now().minusSeconds(30);
        List<String> events = new java.util.ArrayList<>();
        events.add(Alerts.pageView(session, at).replace("\"type\"", "\"customer_id\": \"" + customer + "\", \"type\""));
        for (int i = 0; i < 7; i++) {
            events.add(Alerts.consoleError(session, at));
        }

        org.events(events);

        JsonNode alert = org.awaitAlert(reached);
        assertThat(org.alertsOf(high)).isEmpty();
        assertThat(alert.get("subject").asString()).isEqualTo(customer);
        assertThat(alert.get("value").asDouble()).isEqualTo(0.673);
        assertThat(alert.get("confidence").asDouble()).isBetween(70.0, 80.0);
    }

    @Test
    void anotherOrganizationsAlertIsNotFoundAndAcknowledgingIsIdempotent() {
        String rule = org.rule(Alerts.countRule("high_error_frequency", 1));
        org.events(List.of(Alerts.consoleError(session, Alerts.hourStart(1).plusSeconds(30))));
        String alertId = org.awaitAlert(rule).get("alert_id").asString();
        Alerts stranger = new Alerts(suite, suite.createOrganization("Detection stranger " + UUID.randomUUID()));

        Answer read = stranger.get(Alerts.ALERTS + "/" + alertId);
        Answer acknowledged = stranger.post(Alerts.ALERTS + "/" + alertId + "/acknowledge", "");
        assertThat(read.status()).isEqualTo(404);
        assertThat(read.json()).isEqualTo(Json.read("{\"detail\": \"Alert not found\"}"));
        assertThat(acknowledged.status()).isEqualTo(404);
        assertThat(stranger.get(Alerts.ALERTS).json().get("total").asInt()).isZero();

        Answer first = org.post(Alerts.ALERTS + "/" + alertId + "/acknowledge", "");
        Answer second = org.post(Alerts.ALERTS + "/" + alertId + "/acknowledge", "");
        assertThat(first.status()).isEqualTo(200);
        assertThat(first.json().get("status").asString()).isEqualTo("acknowledged");
        assertThat(second.status()).isEqualTo(200);
        assertThat(second.json()).isEqualTo(first.json());
        assertThat(org.get(Alerts.ALERTS + "?status=acknowledged").json().get("total").asInt()).isEqualTo(1);
        assertThat(org.get(Alerts.ALERTS + "?status=open").json().get("total").asInt()).isZero();
        assertThat(org.get(Alerts.ALERTS + "?type=latency_spike").json().get("total").asInt()).isZero();
        Answer badFilter = org.get(Alerts.ALERTS + "?status=closed");
        assertThat(badFilter.status()).isEqualTo(422);
        assertThat(badFilter.locs()).isEqualTo(List.of(List.of("query", "status")));
    }

    private void publishSessionSummary(String customer, double churn, long events) {
        String sessionId = "s-" + UUID.randomUUID();
        Instant seen = Instant.now().minusSeconds(60);
        Map<String, Object> data = new java.util.LinkedHashMap<>();
        data.put("session_id", sessionId);
        data.put("customer_id", customer);
        data.put("anonymous_id", null);
        data.put("email", null);
        data.put("started_at", seen.minusSeconds(600).toString());
        data.put("last_seen_at", seen.toString());
        data.put("channel", "web");
        data.put("last_url", "/billing");
        data.put("last_url_at", seen.toString());
        data.put("page_view_count", 3);
        data.put("total_error_count", 4);
        data.put("api_call_count", 3);
        data.put("api_error_count", 3);
        data.put("api_error_rate", 1.0);
        data.put("avg_response_time_ms", 900.0);
        data.put("engagement_score", 10.0);
        data.put("churn_risk_score", churn);
        data.put("replay_chunks", 0);
        data.put("event_count", events);
        Map<String, Object> envelope = new java.util.LinkedHashMap<>();
        envelope.put("id", UUID.randomUUID().toString());
        envelope.put("type", "session.summarized");
        envelope.put("schema_version", 1);
        envelope.put("org_id", org.org().id());
        envelope.put("occurred_at", seen.toString());
        envelope.put("data", data);
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(Map.of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, suite.infrastructure.kafkaBootstrapServers(),
                ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName(),
                ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName()))) {
            producer.send(new ProducerRecord<>(Topics.SESSION, org.org().id() + ":" + sessionId, Json.write(envelope))).get();
        } catch (Exception failure) {
            throw new IllegalStateException(failure);
        }
    }
}
