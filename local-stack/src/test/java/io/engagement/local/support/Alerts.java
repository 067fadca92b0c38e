package io.engagement.local.support;

import tools.jackson.databind.JsonNode;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import java.util.stream.StreamSupport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** One organization's alert rules, telemetry and alerts, through the gateway with its data key. */
public record Alerts(RunningSuite suite, RunningSuite.Organization org) {

    public static final String RULES = "/external/v1/alerts/rules";
    public static final String ALERTS = "/external/v1/alerts";
    public static final String EVENTS = "/external/v1/events";
    public static final Duration RAISED = Duration.ofSeconds(90);

    public Answer createRule(String json) {
        return suite.post(RULES, json, "x-api-key", org.apiKey());
    }

    /** Creates the rule and answers its id. */
    public String rule(String json) {
        Answer created = createRule(json);
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        return created.json().get("rule_id").asString();
    }

    public Answer get(String path) {
        return suite.get(path, "x-api-key", org.apiKey());
    }

    public Answer put(String path, String json) {
        return suite.put(path, json, "x-api-key", org.apiKey());
    }

    public Answer delete(String path) {
        return suite.delete(path, "x-api-key", org.apiKey());
    }

    public Answer post(String path, String json) {
        return suite.post(path, json, "x-api-key", org.apiKey());
    }

    /** Posts telemetry events (JSON objects) in one batch; all must be accepted. */
    public void events(List<String> events) {
        Answer answer = post(EVENTS, "{\"events\": [" + String.join(",", events) + "]}");
        assertThat(answer.status()).as(answer.body()).isEqualTo(202);
        assertThat(answer.json().get("accepted").asInt()).as(answer.body()).isEqualTo(events.size());
    }

    /** Every alert of the organization, newest first. */
    public List<JsonNode> alerts() {
        Answer answer = get(ALERTS + "?page_size=100");
        assertThat(answer.status()).as(answer.body()).isEqualTo(200);
        return StreamSupport.stream(answer.json().get("data").spliterator(), false).toList();
    }

    public List<JsonNode> alertsOf(String ruleId) {
        return alerts().stream().filter(alert -> alert.get("rule_id").asString().equals(ruleId)).collect(Collectors.toList());
    }

    /** Waits for the rule's first alert. */
    public JsonNode awaitAlert(String ruleId) {
        AtomicReference<JsonNode> found = new AtomicReference<>();
        await().atMost(RAISED).pollInterval(Duration.ofMillis(250)).until(() -> {
            List<JsonNode> raised = alertsOf(ruleId);
            if (raised.isEmpty()) {
                return false;
            }
            found.set(raised.get(0));
            return true;
        });
        return found.get();
    }

    /** Waits until the alert shows a delivery state that matches. */
    public JsonNode awaitAlertState(String alertId, Predicate<JsonNode> state) {
        AtomicReference<JsonNode> last = new AtomicReference<>();
        await().atMost(RAISED).pollInterval(Duration.ofMillis(250)).until(() -> {
            Answer answer = get(ALERTS + "/" + alertId);
            last.set(answer.json());
            return answer.status() == 200 && state.test(answer.json());
        });
        return last.get();
    }

    public static JsonNode delivery(JsonNode alert, String channel) {
        return StreamSupport.stream(alert.get("deliveries").spliterator(), false)
                .filter(delivery -> delivery.get("channel").asString().equals(channel))
                .findFirst().orElseThrow(() -> new AssertionError("no " + channel + " delivery in " + alert));
    }

    /** The start of the UTC hour {@code hoursAgo} hours before the current one. */
    public static Instant hourStart(int hoursAgo) {
        return Instant.now().truncatedTo(ChronoUnit.HOURS).minus(Duration.ofHours(hoursAgo));
    }

    public static String consoleError(String session, Instant at) {
        return """
                {"event_id": "%s", "type": "console_error", "session_id": "%s", "url": "https://app.example.com/x", "message": "boom", "timestamp": "%s"}"""
                .formatted(UUID.randomUUID(), session, at);
    }

    public static String apiCall(String session, Instant at, String requestUrl, int status, double durationMs) {
        return """
                {"event_id": "%s", "type": "api_log", "session_id": "%s", "url": "https://app.example.com/x", "request_url": "%s", "method": "GET", "status": %d, "duration_ms": %s, "timestamp": "%s"}"""
                .formatted(UUID.randomUUID(), session, requestUrl, status, durationMs, at);
    }

    public static String pageView(String session, Instant at) {
        return """
                {"event_id": "%s", "type": "page_view", "session_id": "%s", "url": "https://app.example.com/home", "title": "Home", "timestamp": "%s"}"""
                .formatted(UUID.randomUUID(), session, at);
    }

    public static String countRule(String type, double threshold) {
        return """
                {"name": "%s at %s", "type": "%s", "threshold": %s, "frequency": "hourly"}""".formatted(type, threshold, type, threshold);
    }
}
