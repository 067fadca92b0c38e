package io.engagement.local.fault;

import io.engagement.local.ServiceFleet;
import io.engagement.local.support.Answer;
import io.engagement.local.support.LiveSocket;
import io.engagement.local.support.RunningSuite;
import io.engagement.local.support.SupportHoursBody;
import io.engagement.platform.auth.InternalToken;
import io.engagement.platform.auth.KeyKind;
import io.engagement.platform.auth.OrgContext;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.stream.IntStream;
import java.util.stream.StreamSupport;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Two replicas of the customer service holding one organization's conversations: requests go to
 * each replica directly (with the token the gateway would give them), so both write to one
 * conversation at once and each holds live connections of its own. Runs in the JVM whose suite has
 * two replicas of the customer service.
 */
class ConversationReplicasIT {

    private static final int WRITES = 80;

    private final RunningSuite suite = RunningSuite.get();
    private final RunningSuite.Organization org = suite.createOrganization("Replicated conversations " + UUID.randomUUID());
    private final InternalToken tokens = new InternalToken(RunningSuite.INTERNAL_SECRET, Duration.ofMinutes(1), Clock.systemUTC());
    private final HttpClient http = HttpClient.newHttpClient();
    private final List<LiveSocket> sockets = new ArrayList<>();
    private List<URI> replicas;

    @BeforeEach
    void twoReplicasAndSupportAlwaysOpen() {
        replicas = suite.fleet.urisOf(ServiceFleet.CUSTOMER);
        assertThat(replicas).as("replicas of the customer service").hasSize(2);
        SupportHoursBody.put(suite, org, SupportHoursBody.ALWAYS_OPEN);
    }

    @AfterEach
    void closeSockets() {
        sockets.forEach(LiveSocket::close);
    }

    @Test
    void bothReplicasWritingToOneConversationAtOnceGiveItSeqsOneToNWithoutAGapOrARepeat() {
        String visitorToken = visitorToken();
        String conversationId = start(visitorToken, "first");

        List<CompletableFuture<HttpResponse<String>>> writes = IntStream.range(0, WRITES).mapToObj(i -> {
            URI replica = replicas.get(i % 2);
            boolean fromVisitor = (i / 2) % 2 == 0;
            return http.sendAsync(fromVisitor
                    ? write(replica, "/widget/v1/conversations/" + conversationId + "/messages", "{\"content\": \"m-" + i + "\"}", KeyKind.PUBLIC)
                            .header("X-Visitor-Token", visitorToken).build()
                    : write(replica, "/external/v1/conversations/" + conversationId + "/messages",
                            "{\"content\": \"m-" + i + "\", \"agent_email\": \"sam@example.com\", \"private\": " + (i % 3 == 0) + "}", KeyKind.DATA).build(),
                    HttpResponse.BodyHandlers.ofString());
        }).toList();

        assertThat(writes.stream().map(CompletableFuture::join).map(HttpResponse::statusCode)).containsOnly(201);
        List<JsonNode> thread = thread(conversationId);
        assertThat(thread).extracting(message -> message.get("seq").asLong())
                .containsExactlyElementsOf(IntStream.rangeClosed(1, WRITES + 1).mapToObj(Long::valueOf).toList());
        assertThat(thread).extracting(message -> message.get("content").asString())
                .containsExactlyInAnyOrderElementsOf(concat("first", IntStream.range(0, WRITES).mapToObj(i -> "m-" + i).toList()));
    }

    @Test
    void whatEitherReplicaWritesReachesTheConnectionsTheOtherHolds() {
        String visitorToken = visitorToken();
        LiveSocket onFirst = agentSocket(replicas.get(0), "ann@example.com");
        LiveSocket onSecond = agentSocket(replicas.get(1), "bob@example.com");
        String conversationId = start(visitorToken, "hello both");

        HttpResponse<String> fromVisitor = http.sendAsync(write(replicas.get(0), "/widget/v1/conversations/" + conversationId + "/messages",
                "{\"content\": \"written on the first\"}", KeyKind.PUBLIC).header("X-Visitor-Token", visitorToken).build(),
                HttpResponse.BodyHandlers.ofString()).join();
        HttpResponse<String> fromAgent = http.sendAsync(write(replicas.get(1), "/external/v1/conversations/" + conversationId + "/messages",
                "{\"content\": \"written on the second\", \"agent_email\": \"bob@example.com\"}", KeyKind.DATA).build(),
                HttpResponse.BodyHandlers.ofString()).join();

        assertThat(List.of(fromVisitor.statusCode(), fromAgent.statusCode())).containsOnly(201);
        for (LiveSocket agent : List.of(onFirst, onSecond)) {
            for (String content : List.of("hello both", "written on the first", "written on the second")) {
                assertThat(agent.awaitEvent("message.created", data -> data.get("content").asString().equals(content))).isNotNull();
            }
        }
    }

    // ---- helpers ----

    private LiveSocket agentSocket(URI replica, String agentEmail) {
        URI live = URI.create(replica.resolve("/external/v1/live").toString().replaceFirst("^http", "ws"));
        LiveSocket socket = LiveSocket.open(http.newWebSocketBuilder()
                .header(InternalToken.HEADER, tokens.mint(new OrgContext(org.id(), KeyKind.DATA)))
                .header("X-Engagement-Live-Agent", agentEmail), live);
        sockets.add(socket);
        return socket;
    }

    private HttpRequest.Builder write(URI replica, String path, String json, KeyKind kind) {
        return HttpRequest.newBuilder(replica.resolve(path))
                .timeout(Duration.ofSeconds(30))
                .header("Content-Type", "application/json")
                .header(InternalToken.HEADER, tokens.mint(new OrgContext(org.id(), kind)))
                .POST(HttpRequest.BodyPublishers.ofString(json));
    }

    private String visitorToken() {
        Answer visitor = suite.post("/widget/v1/visitors", "{}", "X-Public-Key", org.publicKey());
        assertThat(visitor.status()).as(visitor.body()).isEqualTo(201);
        return visitor.json().get("visitor_token").asString();
    }

    private String start(String visitorToken, String message) {
        Answer started = suite.post("/widget/v1/conversations", "{\"message\": \"" + message + "\"}", "X-Public-Key", org.publicKey(),
                "X-Visitor-Token", visitorToken);
        assertThat(started.status()).as(started.body()).isEqualTo(201);
        return started.json().get("conversation_id").asString();
    }

    private List<JsonNode> thread(String conversationId) {
        Answer page = suite.get("/external/v1/conversations/" + conversationId + "/messages?limit=200", "x-api-key", org.apiKey());
        assertThat(page.status()).as(page.body()).isEqualTo(200);
        return StreamSupport.stream(page.json().get("data").spliterator(), false).toList();
    }

    private static List<String> concat(String first, List<String> rest) {
        List<String> all = new ArrayList<>(List.of(first));
        all.addAll(rest);
        return all;
    }
}
