package io.engagement.local.support;

import org.awaitility.core.ThrowingRunnable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Future;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Telemetry and page-collection calls of one organization through the gateway. Every instance
 * has a host of its own ({@code https://<uuid>.example}), so its pages are told apart from any
 * other test's even within one organization.
 */
public final class PageAnalytics {

    public static final String EVENTS = "/external/v1/events";
    public static final String COLLECTIONS = "/external/v1/page-collections";

    public final RunningSuite suite;
    public final RunningSuite.Organization org;
    public final String marker = UUID.randomUUID().toString();
    public final String host = "https://" + marker + ".example";

    public PageAnalytics(RunningSuite suite, RunningSuite.Organization org) {
        this.suite = suite;
        this.org = org;
    }

    // ---- time ----

    public static LocalDate today() {
        return LocalDate.now(ZoneOffset.UTC);
    }

    public static LocalDate yesterday() {
        return today().minusDays(1);
    }

    public static Instant at(LocalDate day, String time) {
        return day.atTime(LocalTime.parse(time)).toInstant(ZoneOffset.UTC);
    }

    // ---- telemetry ----

    public String url(String path) {
        return host + path;
    }

    /** An event with a client event id, on a page of this instance's host. */
    public ObjectNode event(String type, String session, String path, Instant timestamp) {
        ObjectNode event = Json.object();
        event.put("event_id", UUID.randomUUID().toString());
        event.put("type", type);
        event.put("session_id", session);
        event.put("url", url(path));
        event.put("timestamp", timestamp.toString());
        return event;
    }

    public ObjectNode view(String session, String path, Instant timestamp) {
        return event("page_view", session, path, timestamp).put("title", "Title of " + path.replaceAll("[?#].*", ""));
    }

    public ObjectNode leave(String session, String path, Instant timestamp, long durationMs, double scrollDepth) {
        return event("page_leave", session, path, timestamp).put("duration_ms", durationMs).put("scroll_depth", scrollDepth).put("interactions", 1);
    }

    public ObjectNode apiCall(String session, String path, Instant timestamp, int status) {
        return event("api_log", session, path, timestamp).put("request_url", url("/api/orders")).put("method", "GET").put("status", status)
                .put("duration_ms", 12);
    }

    public Answer post(List<ObjectNode> events) {
        ObjectNode body = Json.object();
        body.putArray("events").addAll(events);
        return suite.post(EVENTS, body.toString(), "x-api-key", org.apiKey());
    }

    /** Posts one batch; every event must be accepted, which means the broker has them. */
    public void send(List<ObjectNode> events) {
        Answer answer = post(events);
        assertThat(answer.status()).as(answer.body()).isEqualTo(202);
        assertThat(answer.json().get("accepted").asInt()).as(answer.body()).isEqualTo(events.size());
    }

    /**
     * Posts one batch until it is accepted, as a client retries after a 503 or a lost connection; safe,
     * since every event carries its id. Answers every status seen on the way, a lost connection as 0.
     */
    public List<Integer> sendUntilAccepted(List<ObjectNode> events, Duration within) {
        List<Integer> statuses = new CopyOnWriteArrayList<>();
        await().atMost(within).pollDelay(Duration.ZERO).pollInterval(Duration.ofMillis(200)).until(() -> {
            int status = statusOf(events);
            statuses.add(status);
            return status == 202;
        });
        return statuses;
    }

    private int statusOf(List<ObjectNode> events) {
        try {
            return post(events).status();
        } catch (IllegalStateException lostConnection) {
            return 0;
        }
    }

    /** Posts the batches at once, each on its own connection, and waits for all of them. */
    public void sendConcurrently(List<List<ObjectNode>> batches) {
        ExecutorService pool = Executors.newFixedThreadPool(Math.min(batches.size(), 10));
        try {
            List<Future<?>> sent = batches.stream().<Future<?>>map(batch -> pool.submit(() -> send(batch))).toList();
            for (Future<?> each : sent) {
                each.get();
            }
        } catch (Exception failure) {
            throw new AssertionError("a batch was not accepted", failure);
        } finally {
            pool.shutdownNow();
        }
    }

    /** The registry's pages of this site's host. */
    public Answer pages() {
        return suite.get(COLLECTIONS + "/pages?limit=200&search=" + marker, "x-api-key", org.apiKey());
    }

    /** Waits until the registry has these pages of this host, and answers display URL → page id. */
    /** A minute: the registry writes pages within seconds, but a suite busy with the tests before can take longer. */
    public Map<String, String> awaitPages(String... paths) {
        return awaitPages(Duration.ofSeconds(60), paths);
    }

    public Map<String, String> awaitPages(Duration within, String... paths) {
        Map<String, String> ids = new LinkedHashMap<>();
        await().atMost(within).untilAsserted(() -> {
            Answer listed = pages();
            assertThat(listed.status()).isEqualTo(200);
            ids.clear();
            listed.json().get("pages").valueStream().forEach(page -> ids.put(page.get("display_url").asString(), page.get("page_id").asString()));
            assertThat(ids).containsKeys(paths);
        });
        return ids;
    }

    // ---- page collections ----

    public Answer create(String json) {
        return create(json, "");
    }

    public Answer create(String json, String query) {
        return suite.post(COLLECTIONS + query, json, "x-api-key", org.apiKey());
    }

    public Answer list() {
        return suite.get(COLLECTIONS, "x-api-key", org.apiKey());
    }

    public Answer read(String collectionId, String query) {
        return suite.get(COLLECTIONS + "/" + collectionId + query, "x-api-key", org.apiKey());
    }

    public Answer update(String collectionId, String json) {
        return suite.put(COLLECTIONS + "/" + collectionId, json, "x-api-key", org.apiKey());
    }

    public Answer delete(String collectionId) {
        return suite.delete(COLLECTIONS + "/" + collectionId, "x-api-key", org.apiKey());
    }

    public Answer map(String collectionId, String json) {
        return suite.post(COLLECTIONS + "/" + collectionId + "/map-pages", json, "x-api-key", org.apiKey());
    }

    public Answer unmapPage(String collectionId, String pageId) {
        return suite.delete(COLLECTIONS + "/" + collectionId + "/pages/" + pageId, "x-api-key", org.apiKey());
    }

    /** {@code patternPath} goes into the path as given: with or without its leading slash, nested or encoded. */
    public Answer unmapPattern(String collectionId, String patternPath) {
        return suite.delete(COLLECTIONS + "/" + collectionId + "/patterns/" + patternPath, "x-api-key", org.apiKey());
    }

    /** Creates a collection and answers its id. */
    public String createdId(String json) {
        Answer created = create(json);
        assertThat(created.status()).as(created.body()).isEqualTo(200);
        return created.json().get("collection_id").asString();
    }

    /** The analytics of a collection, which must be found. */
    public JsonNode analytics(String collectionId, String query) {
        Answer answer = read(collectionId, query);
        assertThat(answer.status()).as(answer.body()).isEqualTo(200);
        return answer.json();
    }

    /** A trend element as one line: bucket, visits, unique users, errors, rage clicks, average seconds. */
    public static String point(JsonNode point) {
        return point.get("bucket").asString() + " " + point.get("total_visits").asLong() + " " + point.get("unique_users").asLong() + " "
                + point.get("error_count").asLong() + " " + point.get("rage_click_count").asLong() + " " + point.get("avg_time_seconds").asDouble();
    }

    public static String point(String bucket, long visits, long users, long errors, long rageClicks, double seconds) {
        return bucket + " " + visits + " " + users + " " + errors + " " + rageClicks + " " + seconds;
    }

    public static List<String> trend(JsonNode analytics) {
        return analytics.get("trend").valueStream().map(PageAnalytics::point).toList();
    }

    /**
     * The assertion keeps holding for 1.5 s: long enough for a second application of the same
     * events to show, were there one.
     */
    public static void holds(ThrowingRunnable assertion) {
        await().during(Duration.ofMillis(1_500)).atMost(Duration.ofSeconds(10)).untilAsserted(assertion);
    }

    /** Long enough for in-flight counting to land before a count is read as the one to compare with. */
    public static void settle() {
        try {
            Thread.sleep(1_500);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
