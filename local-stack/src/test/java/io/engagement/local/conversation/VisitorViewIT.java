package io.engagement.local.conversation;

import io.engagement.local.support.Answer;
import io.engagement.local.support.LiveSocket;
import io.engagement.local.support.RunningSuite;
import io.engagement.local.support.SupportHoursBody;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What a visitor sees, through the gateway: every widget route and every frame of the visitor's
 * socket shows the visitor's view. No agent's e-mail, tags, waiting time or agents' read mark, no
 * frame at all for a private note; agents go by name, and nobody's typing is echoed back to them.
 */
class VisitorViewIT {

    /** Fields of the agents' view that a visitor is never sent, at any depth. */
    private static final Set<String> AGENTS_ONLY = Set.of("email", "assignee_email", "tags", "waiting_since", "agent_last_read_seq",
            "rating_comment", "delivery", "first_reply_at");
    private static final String SAM = "sam@acme.test";

    private final RunningSuite suite = RunningSuite.get();
    private final RunningSuite.Organization org = suite.createOrganization("Visitor view " + UUID.randomUUID());
    private final HttpClient http = HttpClient.newHttpClient();
    private final List<LiveSocket> sockets = new ArrayList<>();

    @BeforeEach
    void supportOpenWithSamOnTheTeam() {
        SupportHoursBody.put(suite, org, SupportHoursBody.ALWAYS_OPEN);
        Answer agents = suite.put("/external/v1/settings/agents", "{\"agents\": [{\"email\": \"" + SAM + "\", \"name\": \"Sam\"}]}",
                "x-api-key", org.apiKey());
        assertThat(agents.status()).as(agents.body()).isEqualTo(200);
    }

    @AfterEach
    void closeSockets() {
        sockets.forEach(LiveSocket::close);
    }

    @Test
    void theWidgetRoutesShowTheVisitorsViewAndTheAgentByName() {
        String token = visitorToken();
        Answer started = visitor("/widget/v1/conversations", "{\"message\": \"my invoice is wrong\"}", token);
        String conversationId = started.json().get("conversation_id").asString();
        assertThat(agentsOnlyFieldsIn(started.json())).isEmpty();

        agentChange(conversationId, "{\"tags\": [\"Billing\"], \"assignee_email\": \"" + SAM + "\"}");
        agentPost(conversationId, "{\"content\": \"Looking at it\", \"agent_email\": \"" + SAM + "\"}");
        agentPost(conversationId, "{\"content\": \"old plan, refund\", \"agent_email\": \"" + SAM + "\", \"private\": true}");

        JsonNode conversation = suite.get("/widget/v1/conversations/" + conversationId, "X-Public-Key", org.publicKey(),
                "X-Visitor-Token", token).json();
        assertThat(agentsOnlyFieldsIn(conversation)).isEmpty();
        assertThat(conversation.get("assignee").get("name").asString()).isEqualTo("Sam");
        assertThat(conversation.get("unread_count").asLong()).as("the reply, not the note nor the visitor's own").isEqualTo(1);

        JsonNode listed = suite.get("/widget/v1/conversations", "X-Public-Key", org.publicKey(), "X-Visitor-Token", token).json();
        assertThat(agentsOnlyFieldsIn(listed)).isEmpty();
        assertThat(listed.get("data").get(0).get("last_activity_at")).as("a note is no activity the visitor sees")
                .isEqualTo(messages(conversationId, token).get(1).get("created_at"));

        JsonNode thread = messages(conversationId, token);
        assertThat(agentsOnlyFieldsIn(thread)).isEmpty();
        assertThat(thread).hasSize(2);
        assertThat(thread.get(1).get("sender").toString()).isEqualTo("{\"type\":\"agent\",\"name\":\"Sam\"}");

        JsonNode agents = suite.get("/external/v1/conversations/" + conversationId + "/messages", "x-api-key", org.apiKey()).json();
        assertThat(agents.get("data").get(1).get("sender").get("email").asString()).as("the agents still see who wrote").isEqualTo(SAM);
    }

    @Test
    void theVisitorsSocketCarriesTheVisitorsViewAndNothingForANote() {
        String token = visitorToken();
        LiveSocket agent = connect("/external/v1/live?ticket=" + ticket());
        LiveSocket visitor = connect("/widget/v1/live?public_key=" + org.publicKey() + "&visitor_token=" + token);
        String conversationId = visitor("/widget/v1/conversations", "{\"message\": \"hello\"}", token).json()
                .get("conversation_id").asString();

        agentChange(conversationId, "{\"tags\": [\"Billing\"]}");
        agentPost(conversationId, "{\"content\": \"first reply\", \"agent_email\": \"" + SAM + "\"}");
        visitor.awaitEvent("conversation.updated", data -> data.get("unread_count").asLong() == 1);
        int beforeNote = visitor.frames().size();
        agentPost(conversationId, "{\"content\": \"a note\", \"agent_email\": \"" + SAM + "\", \"private\": true}");
        agent.awaitEvent("message.created", data -> data.get("content").asString().equals("a note"));
        agentPost(conversationId, "{\"content\": \"second reply\", \"agent_email\": \"" + SAM + "\"}");
        visitor.awaitEvent("message.created", data -> data.get("content").asString().equals("second reply"));

        List<JsonNode> frames = visitor.frames();
        assertThat(frames.get(beforeNote).get("event").asString()).as("the note sent nothing before the next reply")
                .isEqualTo("message.created");
        assertThat(frames.get(beforeNote).get("data").get("content").asString()).isEqualTo("second reply");
        assertThat(frames).allSatisfy(frame -> assertThat(agentsOnlyFieldsIn(frame)).as(frame.toString()).isEmpty());
        assertThat(frames.toString()).doesNotContain(SAM).doesNotContain("Billing");

        agent.send("{\"action\": \"typing\", \"conversation_id\": \"" + conversationId + "\", \"typing\": true}");
        JsonNode typing = visitor.awaitEvent("typing", data -> data.get("typing").asBoolean());
        assertThat(typing.get("sender").toString()).isEqualTo("{\"type\":\"agent\",\"name\":\"Sam\"}");
        visitor.send("{\"action\": \"typing\", \"conversation_id\": \"" + conversationId + "\", \"typing\": true}");
        agent.awaitEvent("typing", data -> data.get("sender").get("type").asString().equals("visitor"));
        assertThat(agent.frames()).as("the agent's own typing is not echoed back")
                .noneMatch(frame -> frame.get("event").asString().equals("typing") && frame.get("data").get("sender").get("type").asString().equals("agent"));
        assertThat(visitor.frames()).as("nor the visitor's")
                .noneMatch(frame -> frame.get("event").asString().equals("typing") && frame.get("data").get("sender").get("type").asString().equals("visitor"));
    }

    // ---- helpers ----

    /** The agents-only field names anywhere in the tree. */
    private static List<String> agentsOnlyFieldsIn(JsonNode node) {
        List<String> found = new ArrayList<>();
        if (node.isObject()) {
            node.properties().forEach(field -> {
                if (AGENTS_ONLY.contains(field.getKey())) {
                    found.add(field.getKey());
                }
                found.addAll(agentsOnlyFieldsIn(field.getValue()));
            });
        } else if (node.isArray()) {
            node.forEach(element -> found.addAll(agentsOnlyFieldsIn(element)));
        }
        return found;
    }

    private JsonNode messages(String conversationId, String token) {
        return suite.get("/widget/v1/conversations/" + conversationId + "/messages", "X-Public-Key", org.publicKey(),
                "X-Visitor-Token", token).json().get("data");
    }

    private String visitorToken() {
        Answer created = suite.post("/widget/v1/visitors", "{\"name\": \"Ada\", \"email\": \"ada@example.com\"}", "X-Public-Key", org.publicKey());
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        return created.json().get("visitor_token").asString();
    }

    private Answer visitor(String path, String body, String token) {
        Answer answer = suite.post(path, body, "X-Public-Key", org.publicKey(), "X-Visitor-Token", token);
        assertThat(answer.status()).as(answer.body()).isIn(200, 201);
        return answer;
    }

    private void agentPost(String conversationId, String body) {
        Answer posted = suite.post("/external/v1/conversations/" + conversationId + "/messages", body, "x-api-key", org.apiKey());
        assertThat(posted.status()).as(posted.body()).isEqualTo(201);
    }

    private void agentChange(String conversationId, String body) {
        Answer changed = suite.send(HttpRequest.newBuilder(suite.gateway().resolve("/external/v1/conversations/" + conversationId))
                .header("Content-Type", "application/json").method("PATCH", HttpRequest.BodyPublishers.ofString(body)), "x-api-key", org.apiKey());
        assertThat(changed.status()).as(changed.body()).isEqualTo(200);
    }

    private String ticket() {
        Answer ticket = suite.post("/external/v1/live/tickets", "{\"agent_email\": \"" + SAM + "\"}", "x-api-key", org.apiKey());
        assertThat(ticket.status()).as(ticket.body()).isEqualTo(201);
        return ticket.json().get("ticket").asString();
    }

    private LiveSocket connect(String path) {
        LiveSocket socket = LiveSocket.open(http.newWebSocketBuilder(),
                URI.create(suite.gateway().resolve(path).toString().replaceFirst("^http", "ws")));
        sockets.add(socket);
        return socket;
    }
}
