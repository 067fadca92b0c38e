package io.engagement.local.analytics;

import io.engagement.local.support.Answer;
import io.engagement.local.support.Json;
import io.engagement.local.support.PageAnalytics;
import io.engagement.local.support.RunningSuite;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.UUID;
import java.util.stream.IntStream;

import static io.engagement.local.support.PageAnalytics.at;
import static io.engagement.local.support.PageAnalytics.yesterday;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Session intelligence through the gateway: telemetry posted as a client would, summaries read back
 * from the sessions API once the analytics service has folded the events in. One fresh
 * organization per test.
 */
class SessionIntelligenceIT {

    private static final String SESSIONS = "/external/v1/sessions";
    private static final Duration SUMMARIZED = Duration.ofSeconds(30);

    private final RunningSuite suite = RunningSuite.get();
    private final RunningSuite.Organization org = suite.createOrganization("Sessions " + UUID.randomUUID());
    private final PageAnalytics site = new PageAnalytics(suite, org);
    private final LocalDate day = yesterday();

    private Answer session(String sessionId) {
        return suite.get(SESSIONS + "/" + sessionId, "x-api-key", org.apiKey());
    }

    private JsonNode awaitSession(String sessionId, long events, String field) {
        await().atMost(SUMMARIZED).untilAsserted(() -> {
            Answer answer = session(sessionId);
            assertThat(answer.status()).as(answer.body()).isEqualTo(200);
            assertThat(answer.json().get(field).asLong()).isEqualTo(events);
        });
        return session(sessionId).json();
    }

    @Test
    void aSessionsSummaryShowsEveryCountAndBothScores() {
        String id = "s-" + UUID.randomUUID();
        site.send(List.of(
                site.view(id, "/pricing?plan=pro", at(day, "10:00:00")).put("anonymous_id", "anon-1"),
                site.event("click", id, "/pricing", at(day, "10:00:30")),
                site.event("console_error", id, "/pricing", at(day, "10:01:00")).put("message", "boom"),
                site.apiCall(id, "/pricing", at(day, "10:01:10"), 503).put("duration_ms", 300),
                site.apiCall(id, "/pricing", at(day, "10:01:20"), 200).put("duration_ms", 100),
                site.view(id, "/checkout/", at(day, "10:05:00")),
                identify(id, at(day, "10:05:01")).put("customer_id", "cust-1")));

        // 301 s between first and last event, 2 views, 1 click:
        // engagement 100 × (0.4 × 301/600 + 0.3 × 2/5 + 0.3 × 1/20) = 33.6;
        // churn 0.45 × (1 − 0.336) + 0.25 × 2/5 + 0.2 × 0.5 = 0.499
        JsonNode everyEvent = Json.read("""
                {"session_id": "%s", "customer_id": "cust-1", "anonymous_id": "anon-1",
                 "started_at": "%s", "last_seen_at": "%s", "channel": "web", "last_url": "/checkout",
                 "page_view_count": 2, "total_error_count": 2, "api_call_count": 2, "api_error_rate": 0.5,
                 "avg_response_time_ms": 200.0, "engagement_score": 33.6, "churn_risk_score": 0.499, "replay_chunks": 0}
                """.formatted(id, at(day, "10:00:00"), at(day, "10:05:01")));
        // a summary is stored per committed poll: one that took the batch's events in two polls shows the first part before the whole
        await().atMost(SUMMARIZED).untilAsserted(() -> assertThat(session(id).json()).isEqualTo(everyEvent));
    }

    @Test
    void aBatchSentTwiceIsCountedOnce() {
        String id = "s-" + UUID.randomUUID();
        List<ObjectNode> batch = IntStream.range(0, 50)
                .mapToObj(i -> i % 5 == 0
                        ? site.event("console_error", id, "/twice", at(day, "09:00").plusSeconds(i))
                        : site.view(id, "/twice", at(day, "09:00").plusSeconds(i)))
                .toList();

        site.sendConcurrently(List.of(batch, batch, batch));
        site.send(List.of(site.view(id, "/last", at(day, "09:30"))));

        JsonNode summary = awaitSession(id, 41, "page_view_count");
        assertThat(summary.get("total_error_count").asLong()).isEqualTo(10);
        assertThat(summary.get("last_url").asString()).isEqualTo("/last");
        PageAnalytics.holds(() -> assertThat(session(id).json()).isEqualTo(summary));
    }

    @Test
    void theReplayHoldsTheRecordingChunksInTheOrderReceivedAndRedacted() {
        String id = "s-" + UUID.randomUUID();
        List<ObjectNode> chunks = IntStream.range(0, 5)
                .mapToObj(i -> chunk(id, at(day, "11:00").plusSeconds(i), i))
                .toList();
        for (ObjectNode chunk : chunks) {
            site.send(List.of(chunk));
        }

        awaitSession(id, 5, "replay_chunks");
        await().atMost(SUMMARIZED).untilAsserted(() -> assertThat(replay(id).json().get("chunks").size()).isEqualTo(5));

        JsonNode replay = replay(id).json();
        assertThat(replay.get("session_id").asString()).isEqualTo(id);
        assertThat(replay.get("chunks").valueStream().map(chunk -> chunk.get("sequence").asInt())).containsExactly(0, 1, 2, 3, 4);
        assertThat(replay.at("/chunks/0/form/password").asString()).isEqualTo("[REDACTED]");
        assertThat(replay.at("/chunks/0/form/note").asString()).isEqualTo("card [REDACTED] on file");
        assertThat(replay.at("/chunks/0/form/plan").asString()).isEqualTo("pro");
    }

    @Test
    void sessionsAreListedNewestFirstAndFilteredByCustomer() {
        String older = "s-" + UUID.randomUUID();
        String newer = "s-" + UUID.randomUUID();
        String someoneElses = "s-" + UUID.randomUUID();
        site.send(List.of(
                site.view(older, "/a", at(day, "08:00")).put("customer_id", "cust-a"),
                site.view(newer, "/b", at(day, "09:00")).put("customer_id", "cust-a"),
                site.view(someoneElses, "/c", at(day, "10:00")).put("customer_id", "cust-b")));

        await().atMost(SUMMARIZED).untilAsserted(() ->
                assertThat(list("").json().get("total").asLong()).isEqualTo(3));

        assertThat(ids(list(""))).containsExactly(someoneElses, newer, older);
        Answer ofCustomer = list("?customer_id=cust-a&page_size=1");
        assertThat(ofCustomer.status()).isEqualTo(200);
        assertThat(ids(ofCustomer)).containsExactly(newer);
        assertThat(ofCustomer.json().get("total").asLong()).isEqualTo(2);
        assertThat(ofCustomer.json().get("page").asInt()).isEqualTo(1);
        assertThat(ofCustomer.json().get("page_size").asInt()).isEqualTo(1);
        assertThat(ofCustomer.json().get("total_pages").asInt()).isEqualTo(2);
        assertThat(ofCustomer.json().get("has_next").asBoolean()).isTrue();
        assertThat(ofCustomer.json().get("has_previous").asBoolean()).isFalse();
        assertThat(ids(list("?customer_id=cust-a&page_size=1&page=2"))).containsExactly(older);
    }

    @Test
    void anotherOrganizationsSessionIsNotFound() {
        String id = "s-" + UUID.randomUUID();
        site.send(List.of(site.view(id, "/mine", at(day, "12:00"))));
        awaitSession(id, 1, "page_view_count");
        RunningSuite.Organization other = suite.createOrganization("Other " + UUID.randomUUID());

        Answer theirs = suite.get(SESSIONS + "/" + id, "x-api-key", other.apiKey());
        assertThat(theirs.status()).isEqualTo(404);
        assertThat(theirs.json()).isEqualTo(Json.read("{\"detail\": \"Session not found\"}"));
        assertThat(suite.get(SESSIONS + "/" + id + "/replay", "x-api-key", other.apiKey()).status()).isEqualTo(404);
        assertThat(suite.get(SESSIONS, "x-api-key", other.apiKey()).json().get("total").asLong()).isZero();
    }

    @Test
    void badPagingIsA422AndOtherKeysAreRefused() {
        Answer tooLarge = list("?page_size=101");
        assertThat(tooLarge.status()).isEqualTo(422);
        assertThat(tooLarge.locs()).containsExactly(List.of("query", "page_size"));
        assertThat(suite.get(SESSIONS, "X-Public-Key", org.publicKey()).status()).isEqualTo(403);
        assertThat(suite.get(SESSIONS).status()).isEqualTo(401);
    }

    private ObjectNode identify(String session, Instant at) {
        ObjectNode event = Json.object();
        event.put("event_id", UUID.randomUUID().toString());
        event.put("type", "identify");
        event.put("session_id", session);
        event.put("timestamp", at.toString());
        return event;
    }

    private ObjectNode chunk(String session, Instant at, int sequence) {
        ObjectNode event = site.event("replay", session, "/recorded", at);
        ObjectNode data = event.putObject("data");
        data.put("sequence", sequence);
        data.putObject("form").put("password", "hunter2").put("note", "card 4111 1111 1111 1111 on file").put("plan", "pro");
        return event;
    }

    private Answer replay(String sessionId) {
        return suite.get(SESSIONS + "/" + sessionId + "/replay", "x-api-key", org.apiKey());
    }

    private Answer list(String query) {
        return suite.get(SESSIONS + query, "x-api-key", org.apiKey());
    }

    private static List<String> ids(Answer page) {
        return page.json().get("data").valueStream().map(session -> session.get("session_id").asString()).toList();
    }
}
