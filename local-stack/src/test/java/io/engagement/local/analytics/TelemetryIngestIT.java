package io.engagement.local.analytics;

import io.engagement.local.support.Answer;
import io.engagement.local.support.RunningSuite;
import io.engagement.local.support.TopicReader;
import io.engagement.platform.event.Topics;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import java.net.http.HttpRequest;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import java.util.function.Predicate;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;

class TelemetryIngestIT {

    private static final String EVENTS = "/external/v1/events";

    private static RunningSuite suite;
    private static TopicReader telemetry;
    private static TopicReader replay;

    private final RunningSuite.Organization org = RunningSuite.get().createOrganization("Telemetry " + UUID.randomUUID());

    @BeforeAll
    static void subscribe() {
        suite = RunningSuite.get();
        telemetry = new TopicReader(suite.infrastructure.kafkaBootstrapServers(), Topics.TELEMETRY);
        replay = new TopicReader(suite.infrastructure.kafkaBootstrapServers(), Topics.REPLAY);
    }

    @AfterAll
    static void close() {
        telemetry.close();
        replay.close();
    }

    @Test
    void aBeaconWithThePublicKeyInTheQueryIsAcceptedOnceTheBrokerHasIt() {
        String session = "s-" + UUID.randomUUID();
        String body = batch(pageView(session, "/ticketing/create"), pageView(session, "/ticketing/list"));

        Answer answer = suite.send(HttpRequest.newBuilder(suite.gateway().resolve(EVENTS + "?public_key=" + org.publicKey()))
                .header("Content-Type", "text/plain;charset=UTF-8")
                .POST(HttpRequest.BodyPublishers.ofString(body)));

        assertThat(answer.status()).isEqualTo(202);
        assertThat(answer.json().get("accepted").asInt()).isEqualTo(2);
        assertThat(answer.json().get("rejected").size()).isZero();
        List<ConsumerRecord<String, String>> records = telemetry.awaitMatching(keyed(org.id() + ":" + session), 2);
        JsonNode first = TopicReader.json(records.get(0));
        assertThat(first.get("type").asString()).isEqualTo("page_view");
        assertThat(first.get("org_id").asLong()).isEqualTo(org.id());
        assertThat(first.get("occurred_at").asString()).isEqualTo("2026-11-21T10:00:00Z");
        assertThat(first.at("/data/session_id").asString()).isEqualTo(session);
        assertThat(first.at("/data/event_id").asString()).isNotBlank();
        assertThat(records.stream().map(record -> TopicReader.json(record).at("/data/url").asString()))
                .containsExactly("https://app.example.com/ticketing/create", "https://app.example.com/ticketing/list");
    }

    @Test
    void theDataKeyAndThePublicKeyHeaderMaySubmitTooButNotTheTransactionalKey() {
        String body = batch(pageView("s-" + UUID.randomUUID(), "/"));

        assertThat(suite.post(EVENTS, body, "x-api-key", org.apiKey()).status()).isEqualTo(202);
        assertThat(suite.post(EVENTS, body, "X-Public-Key", org.publicKey()).status()).isEqualTo(202);
        assertThat(suite.post(EVENTS, body, "X-Transactional-Key", org.transactionalKey()).status()).isEqualTo(403);
        assertThat(suite.post(EVENTS, body).status()).isEqualTo(401);
    }

    @Test
    void validEventsAreAcceptedAndEachInvalidOneIsListedWithItsFault() {
        String session = "s-" + UUID.randomUUID();
        String future = Instant.now().plusSeconds(3600).toString();
        String body = batch(
                pageView(session, "/ok"),
                "{\"type\": \"page_view\", \"url\": \"https://app.example.com/x\", \"timestamp\": \"2026-11-21T10:00:00Z\"}",
                "{\"type\": \"teleport\", \"session_id\": \"" + session + "\", \"timestamp\": \"2026-11-21T10:00:00Z\"}",
                "{\"type\": \"page_leave\", \"session_id\": \"" + session + "\", \"url\": \"https://app.example.com/ok\", "
                        + "\"timestamp\": \"" + future + "\", \"scroll_depth\": 1.5}",
                "\"not an event\"");

        Answer answer = suite.post(EVENTS, body, "X-Public-Key", org.publicKey());

        assertThat(answer.status()).isEqualTo(202);
        assertThat(answer.json().get("accepted").asInt()).isEqualTo(1);
        assertThat(answer.json().get("rejected").valueStream()
                .map(rejection -> rejection.get("index").asInt() + " " + rejection.get("loc") + " " + rejection.get("type").asString()))
                .containsExactlyInAnyOrder(
                        "1 [\"body\",\"events\",1,\"session_id\"] missing",
                        "2 [\"body\",\"events\",2,\"type\"] literal_error",
                        "3 [\"body\",\"events\",3,\"scroll_depth\"] less_than_equal",
                        "4 [\"body\",\"events\",4] model_attributes_type");
        assertThat(telemetry.awaitMatching(keyed(org.id() + ":" + session), 1)).hasSize(1);
    }

    @Test
    void aTimestampMoreThanFiveMinutesAheadIsRejected() {
        String event = "{\"type\": \"page_view\", \"session_id\": \"s\", \"url\": \"https://app.example.com/\", \"timestamp\": \""
                + Instant.now().plusSeconds(600) + "\"}";

        Answer answer = suite.post(EVENTS, batch(event), "X-Public-Key", org.publicKey());

        assertThat(answer.json().get("accepted").asInt()).isZero();
        assertThat(answer.json().at("/rejected/0/loc").toString()).isEqualTo("[\"body\",\"events\",0,\"timestamp\"]");
        assertThat(answer.json().at("/rejected/0/type").asString()).isEqualTo("value_error");
    }

    @Test
    void secretsAreRedactedBeforeAnythingIsPublished() {
        String session = "s-" + UUID.randomUUID();
        String apiLog = """
                {"type": "api_log", "session_id": "%s", "url": "https://app.example.com/pay?token=abc123",
                 "timestamp": "2026-11-21T10:00:00Z", "request_url": "https://api.example.com/charge?api_key=k-1&amount=5",
                 "method": "POST", "status": 502, "duration_ms": 812,
                 "request_headers": {"Authorization": "Bearer eyJhbGciOiJIUzI1NiJ9.e30.sig", "Content-Type": "application/json"},
                 "request_body": {"card": "4111111111111111", "email": "ada@example.com", "password": "hunter2"},
                 "response_body": "declined card 5555 5555 5555 4444 for Bearer abc.def"}
                """.formatted(session);

        assertThat(suite.post(EVENTS, batch(apiLog), "x-api-key", org.apiKey()).status()).isEqualTo(202);

        JsonNode published = TopicReader.json(telemetry.awaitMatching(keyed(org.id() + ":" + session), 1).get(0)).get("data");
        assertThat(published.get("url").asString()).isEqualTo("https://app.example.com/pay?token=[REDACTED]");
        assertThat(published.get("request_url").asString()).isEqualTo("https://api.example.com/charge?api_key=[REDACTED]&amount=5");
        assertThat(published.at("/request_headers/Authorization").asString()).isEqualTo("[REDACTED]");
        assertThat(published.at("/request_headers/Content-Type").asString()).isEqualTo("application/json");
        assertThat(published.at("/request_body/card").asString()).isEqualTo("[REDACTED]");
        assertThat(published.at("/request_body/password").asString()).isEqualTo("[REDACTED]");
        assertThat(published.at("/request_body/email").asString()).isEqualTo("ada@example.com");
        assertThat(published.get("response_body").asString()).isEqualTo("declined card [REDACTED] for Bearer [REDACTED]");
        assertThat(published.toString()).doesNotContain("hunter2", "4111111111111111", "abc123", "k-1");
    }

    /** About one random UUID in 460 holds a Luhn-valid run of digits, like these: the ids stay, or sessions would merge. */
    @Test
    void identifiersAreRedactedOnlyWhenTheyAreCardNumbersAsAWhole() {
        String session = "344b7c3c-6657-4731-9504-9cfcf1e7ba64";
        String view = """
                {"type": "page_view", "event_id": "87cf8957-7928-4654-8bb6-b4819ae979f7", "session_id": "%s",
                 "customer_id": "4111 1111 1111 1111", "url": "https://app.example.com/ids", "timestamp": "2026-11-21T10:00:00Z",
                 "title": "Order 42801ce7-df19-4398-8422-986d73d75032"}
                """.formatted(session);

        assertThat(suite.post(EVENTS, batch(view), "x-api-key", org.apiKey()).status()).isEqualTo(202);

        JsonNode published = TopicReader.json(telemetry.awaitMatching(keyed(org.id() + ":" + session), 1).get(0));
        assertThat(published.get("id").asString()).isEqualTo("87cf8957-7928-4654-8bb6-b4819ae979f7");
        assertThat(published.at("/data/session_id").asString()).isEqualTo(session);
        assertThat(published.at("/data/customer_id").asString()).isEqualTo("[REDACTED]");
        assertThat(published.at("/data/title").asString()).isEqualTo("Order 42801ce7-df[REDACTED]d73d75032");
    }

    @Test
    void replayChunksGoToTheReplayTopic() {
        String session = "s-" + UUID.randomUUID();
        String chunk = "{\"type\": \"replay\", \"session_id\": \"" + session + "\", \"url\": \"https://app.example.com/\", "
                + "\"timestamp\": \"2026-11-21T10:00:00Z\", \"data\": {\"frames\": [1, 2, 3]}}";

        assertThat(suite.post(EVENTS, batch(chunk), "X-Public-Key", org.publicKey()).status()).isEqualTo(202);

        JsonNode published = TopicReader.json(replay.awaitMatching(keyed(org.id() + ":" + session), 1).get(0));
        assertThat(published.at("/data/data/frames").size()).isEqualTo(3);
    }

    @Test
    void aBodyThatIsNotABatchOfOneToFiveHundredEventsIs422() {
        String tooMany = batch(IntStream.range(0, 501).mapToObj(i -> pageView("s", "/")).toArray(String[]::new));

        Answer notABatch = suite.post(EVENTS, "[]", "X-Public-Key", org.publicKey());
        Answer empty = suite.post(EVENTS, "{\"events\": []}", "X-Public-Key", org.publicKey());
        Answer overLimit = suite.post(EVENTS, tooMany, "X-Public-Key", org.publicKey());
        Answer notJson = suite.post(EVENTS, "events=1", "X-Public-Key", org.publicKey());

        assertThat(notABatch.status()).isEqualTo(422);
        assertThat(notABatch.json().at("/detail/0/type").asString()).isEqualTo("model_attributes_type");
        assertThat(empty.json().at("/detail/0/type").asString()).isEqualTo("too_short");
        assertThat(overLimit.json().at("/detail/0/type").asString()).isEqualTo("too_long");
        assertThat(overLimit.locs()).containsExactly(List.of("body", "events"));
        assertThat(notJson.json().at("/detail/0/type").asString()).isEqualTo("json_invalid");
    }

    @Test
    void browsersMayPostFromAnyOrigin() {
        Answer preflight = suite.send(HttpRequest.newBuilder(suite.gateway().resolve(EVENTS))
                .method("OPTIONS", HttpRequest.BodyPublishers.noBody())
                .header("Origin", "https://shop.example.org")
                .header("Access-Control-Request-Method", "POST")
                .header("Access-Control-Request-Headers", "content-type,x-public-key"));

        assertThat(preflight.status()).isEqualTo(200);
        assertThat(preflight.header("Access-Control-Allow-Origin")).isEqualTo("https://shop.example.org");
    }

    private static Predicate<ConsumerRecord<String, String>> keyed(String key) {
        return record -> key.equals(record.key());
    }

    private static String pageView(String session, String path) {
        return "{\"type\": \"page_view\", \"session_id\": \"" + session + "\", \"url\": \"https://app.example.com" + path
                + "\", \"title\": \"Page\", \"timestamp\": \"2026-11-21T10:00:00Z\"}";
    }

    private static String batch(String... events) {
        return "{\"events\": [" + String.join(",", events) + "]}";
    }
}
