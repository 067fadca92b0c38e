package io.engagement.local.conversation;

import io.engagement.local.support.Answer;
import io.engagement.local.support.LiveSocket;
import io.engagement.local.support.RunningSuite;
import io.engagement.local.support.SupportHoursBody;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.WebSocket;
import java.net.http.WebSocketHandshakeException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletionException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.awaitility.Awaitility.await;

/**
 * Live connections through the gateway: a bad visitor token or agent ticket refused with 401 before
 * the protocol switches, a ticket good once; messages pushed both ways with private notes kept from
 * the visitor; {@code resume}, typing and ping; and assignment to online agents under their capacity,
 * with a waiting conversation handed out when an agent frees capacity.
 */
class LiveConversationIT {

    private static final Duration WITHIN = Duration.ofSeconds(10);

    private final RunningSuite suite = RunningSuite.get();
    private final RunningSuite.Organization org = suite.createOrganization("Live " + UUID.randomUUID());
    private final HttpClient http = HttpClient.newHttpClient();
    private final List<LiveSocket> sockets = new ArrayList<>();

    @org.junit.jupiter.api.BeforeEach
    void supportAlwaysOpen() {
        SupportHoursBody.put(suite, org, SupportHoursBody.ALWAYS_OPEN);
    }

    @AfterEach
    void closeSockets() {
        sockets.forEach(LiveSocket::close);
    }

    @Test
    void aBadTokenOrTicketIsRefusedWith401BeforeTheProtocolSwitches() {
        String visitorToken = visitorToken();
        assertThat(refusal("/widget/v1/live?public_key=" + org.publicKey() + "&visitor_token=vt_wrong")).isEqualTo(401);
        assertThat(refusal("/widget/v1/live?public_key=eng_pub_unknown&visitor_token=" + visitorToken)).isEqualTo(401);
        assertThat(refusal("/external/v1/live?ticket=lt_wrong")).isEqualTo(401);

        String ticket = ticket("sam@example.com");
        sockets.add(connect("/external/v1/live?ticket=" + ticket));
        assertThat(refusal("/external/v1/live?ticket=" + ticket)).as("a ticket opens one connection").isEqualTo(401);
    }

    @Test
    void aVisitorTradesItsTokenForASingleUseTicketThatOpensOnlyItsOwnConnection() {
        String visitorToken = visitorToken();
        Answer refused = suite.post("/widget/v1/live/tickets", "", "X-Public-Key", org.publicKey(), "X-Visitor-Token", "vt_wrong");
        assertThat(refused.status()).as(refused.body()).isEqualTo(401);
        assertThat(refused.json().has("detail")).isTrue();

        String ticket = visitorTicket(visitorToken);
        RunningSuite.Organization other = suite.createOrganization("Live other " + UUID.randomUUID());
        assertThat(refusal("/widget/v1/live?public_key=" + other.publicKey() + "&ticket=" + ticket))
                .as("another organization's key; the ticket is spent").isEqualTo(401);
        assertThat(refusal("/widget/v1/live?public_key=" + org.publicKey() + "&ticket=" + ticket)).isEqualTo(401);
        assertThat(refusal("/external/v1/live?ticket=" + visitorTicket(visitorToken))).as("a visitor's ticket opens no agent's connection")
                .isEqualTo(401);
        assertThat(refusal("/widget/v1/live?public_key=" + org.publicKey() + "&ticket=" + ticket("sam@example.com")))
                .as("nor an agent's a visitor's").isEqualTo(401);

        LiveSocket visitor = connect("/widget/v1/live?public_key=" + org.publicKey() + "&ticket=" + visitorTicket(visitorToken));
        sockets.add(visitor);
        String conversationId = visitorPost("/widget/v1/conversations", "{\"message\": \"by ticket\"}", visitorToken).json()
                .get("conversation_id").asString();
        suite.post("/external/v1/conversations/" + conversationId + "/messages", "{\"content\": \"heard you\", \"agent_email\": \"sam@example.com\"}",
                "x-api-key", org.apiKey());
        assertThat(visitor.awaitEvent("message.created", data -> data.get("content").asString().equals("heard you"))).isNotNull();
    }

    @Test
    void messagesReachTheOtherSideLiveAndANoteNeverReachesTheVisitor() {
        String visitorToken = visitorToken();
        LiveSocket agent = connect("/external/v1/live?ticket=" + ticket("sam@example.com"));
        LiveSocket visitor = connect("/widget/v1/live?public_key=" + org.publicKey() + "&visitor_token=" + visitorToken);
        sockets.addAll(List.of(agent, visitor));

        String conversationId = visitorPost("/widget/v1/conversations", "{\"message\": \"hello live\"}", visitorToken).json()
                .get("conversation_id").asString();
        assertThat(agent.awaitEvent("message.created", data -> data.get("content").asString().equals("hello live"))).isNotNull();

        suite.post("/external/v1/conversations/" + conversationId + "/messages", "{\"content\": \"note\", \"agent_email\": \"sam@example.com\", \"private\": true}",
                "x-api-key", org.apiKey());
        suite.post("/external/v1/conversations/" + conversationId + "/messages", "{\"content\": \"hi there\", \"agent_email\": \"sam@example.com\"}",
                "x-api-key", org.apiKey());
        assertThat(visitor.awaitEvent("message.created", data -> data.get("content").asString().equals("hi there"))).isNotNull();
        assertThat(agent.awaitEvent("message.created", data -> data.get("content").asString().equals("note"))).isNotNull();
        assertThat(visitor.frames()).noneMatch(frame -> frame.path("data").path("content").asString("").equals("note"));
        assertThat(visitor.awaitEvent("conversation.updated", data -> data.get("conversation_id").asString().equals(conversationId))).isNotNull();

        visitor.send("{\"action\": \"typing\", \"conversation_id\": \"" + conversationId + "\", \"typing\": true}");
        JsonNode typing = agent.awaitEvent("typing", data -> data.get("conversation_id").asString().equals(conversationId));
        assertThat(typing.get("typing").asBoolean()).isTrue();
        assertThat(typing.get("sender").get("type").asString()).isEqualTo("visitor");

        visitor.send("{\"action\": \"ping\"}");
        await().atMost(WITHIN).until(() -> visitor.frames().stream().anyMatch(frame -> frame.get("event").asString().equals("pong")));
    }

    @Test
    void resumeSendsEveryMessageAfterTheSeqInOrder() {
        String visitorToken = visitorToken();
        String conversationId = visitorPost("/widget/v1/conversations", "{\"message\": \"one\"}", visitorToken).json().get("conversation_id").asString();
        visitorPost("/widget/v1/conversations/" + conversationId + "/messages", "{\"content\": \"two\"}", visitorToken);
        visitorPost("/widget/v1/conversations/" + conversationId + "/messages", "{\"content\": \"three\"}", visitorToken);

        LiveSocket visitor = connect("/widget/v1/live?public_key=" + org.publicKey() + "&visitor_token=" + visitorToken);
        sockets.add(visitor);
        visitor.send("{\"action\": \"resume\", \"conversation_id\": \"" + conversationId + "\", \"after\": 1}");

        await().atMost(WITHIN).until(() -> visitor.messages(conversationId).size() >= 2);
        assertThat(visitor.messages(conversationId).stream().map(message -> message.get("seq").asLong()).toList()).containsExactly(2L, 3L);
    }

    @Test
    void conversationsGoToOnlineAgentsUnderCapacityAndAWaitingOneFollowsWhenCapacityFrees() {
        Answer agents = suite.put("/external/v1/settings/agents", "{\"agents\": [{\"email\": \"sam@example.com\", \"name\": \"Sam\", \"capacity\": 1},"
                + " {\"email\": \"offline@example.com\", \"name\": \"Off\"}]}", "x-api-key", org.apiKey());
        assertThat(agents.status()).as(agents.body()).isEqualTo(200);
        sockets.add(connect("/external/v1/live?ticket=" + ticket("Sam@example.com")));

        String first = visitorPost("/widget/v1/conversations", "{\"message\": \"first\"}", visitorToken()).json().get("conversation_id").asString();
        await().atMost(Duration.ofSeconds(30)).until(() -> "Sam@example.com".equalsIgnoreCase(assignee(first)));
        String second = visitorPost("/widget/v1/conversations", "{\"message\": \"second\"}", visitorToken()).json().get("conversation_id").asString();
        await().during(Duration.ofSeconds(3)).atMost(Duration.ofSeconds(5)).until(() -> assignee(second) == null);

        Answer resolved = suite.send(HttpRequest.newBuilder(suite.gateway().resolve("/external/v1/conversations/" + first))
                .header("Content-Type", "application/json").method("PATCH", HttpRequest.BodyPublishers.ofString("{\"status\": \"resolved\"}")),
                "x-api-key", org.apiKey());
        assertThat(resolved.status()).isEqualTo(200);
        await().atMost(Duration.ofSeconds(30)).until(() -> "Sam@example.com".equalsIgnoreCase(assignee(second)));
    }

    // ---- helpers ----

    private String assignee(String conversationId) {
        JsonNode conversation = suite.get("/external/v1/conversations/" + conversationId, "x-api-key", org.apiKey()).json();
        return conversation.get("assignee_email").isNull() ? null : conversation.get("assignee_email").asString();
    }

    private String visitorToken() {
        Answer created = suite.post("/widget/v1/visitors", "{}", "X-Public-Key", org.publicKey());
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        return created.json().get("visitor_token").asString();
    }

    private Answer visitorPost(String path, String body, String token) {
        Answer answer = suite.post(path, body, "X-Public-Key", org.publicKey(), "X-Visitor-Token", token);
        assertThat(answer.status()).as(answer.body()).isIn(200, 201);
        return answer;
    }

    private String visitorTicket(String visitorToken) {
        Answer ticket = suite.post("/widget/v1/live/tickets", "", "X-Public-Key", org.publicKey(), "X-Visitor-Token", visitorToken);
        assertThat(ticket.status()).as(ticket.body()).isEqualTo(201);
        assertThat(ticket.json().has("expires_at")).isTrue();
        return ticket.json().get("ticket").asString();
    }

    private String ticket(String agentEmail) {
        Answer ticket = suite.post("/external/v1/live/tickets", "{\"agent_email\": \"" + agentEmail + "\"}", "x-api-key", org.apiKey());
        assertThat(ticket.status()).as(ticket.body()).isEqualTo(201);
        assertThat(ticket.json().has("expires_at")).isTrue();
        return ticket.json().get("ticket").asString();
    }

    private URI ws(String path) {
        return URI.create(suite.gateway().resolve(path).toString().replaceFirst("^http", "ws"));
    }

    private int refusal(String path) {
        Throwable refused = catchThrowable(() -> http.newWebSocketBuilder().buildAsync(ws(path), new LiveSocket()).join());
        Throwable cause = refused instanceof CompletionException ? refused.getCause() : refused;
        assertThat(cause).as("the upgrade was refused").isInstanceOf(WebSocketHandshakeException.class);
        return ((WebSocketHandshakeException) cause).getResponse().statusCode();
    }

    private LiveSocket connect(String path) {
        return LiveSocket.open(http.newWebSocketBuilder(), ws(path));
    }
}
