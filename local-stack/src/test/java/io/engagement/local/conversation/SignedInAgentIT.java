package io.engagement.local.conversation;

import io.engagement.local.support.Answer;
import io.engagement.local.support.LiveSocket;
import io.engagement.local.support.People;
import io.engagement.local.support.RunningSuite;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import java.net.URI;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.List;

import static io.engagement.local.support.Routes.INBOX;
import static io.engagement.local.support.Routes.VISITORS;
import static io.engagement.local.support.Routes.WIDGET;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Agents are people: through the whole suite, a signed-in agent's reply names them (their person id,
 * {@code via: console}) and cannot claim another agent's address, a viewer reads the inbox and cannot
 * reply, and a data key's reply is what it was, now {@code via: api}. A deactivated agent's socket
 * closes and their conversations wait again; a busy agent takes no new ones.
 */
class SignedInAgentIT {

    private final RunningSuite suite = RunningSuite.get();
    private final RunningSuite.Organization org = suite.createOrganization("People");
    private final People people = new People(suite, org);

    @Test
    void aSignedInAgentRepliesAsThemselves() {
        People.Person admin = people.firstAdmin();
        People.Person sam = people.invite(admin, "agent", "Sam Agent");
        String personId = sam.get("/auth/v1/me").json().at("/person/person_id").asString();
        String conversationId = conversation();

        Answer reply = sam.post(INBOX + "/" + conversationId + "/messages", "{\"content\": \"Happy to help\"}");
        Answer impersonation = sam.post(INBOX + "/" + conversationId + "/messages",
                "{\"content\": \"As Ada\", \"agent_email\": \"" + admin.email() + "\"}");

        assertThat(reply.status()).as(reply.body()).isEqualTo(201);
        JsonNode sender = reply.json().get("sender");
        assertThat(sender.get("type").asString()).isEqualTo("agent");
        assertThat(sender.get("email").asString()).isEqualTo(sam.email());
        assertThat(sender.get("name").asString()).isEqualTo("Sam Agent");
        assertThat(sender.get("person_id").asString()).isEqualTo(personId);
        assertThat(sender.get("via").asString()).isEqualTo("console");
        assertThat(impersonation.status()).isEqualTo(403);
        assertThat(impersonation.detail()).isEqualTo("agents act as themselves");
        JsonNode stored = sam.get(INBOX + "/" + conversationId + "/messages").json().get("data").valueStream()
                .filter(message -> message.get("content").asString().equals("Happy to help")).findFirst().orElseThrow();
        assertThat(stored.at("/sender/person_id").asString()).isEqualTo(personId);
    }

    @Test
    void aViewerReadsTheInboxAndCannotReply() {
        People.Person admin = people.firstAdmin();
        People.Person viewer = people.invite(admin, "viewer", "Vic Viewer");
        String conversationId = conversation();

        assertThat(viewer.get(INBOX + "/" + conversationId).status()).isEqualTo(200);
        Answer reply = viewer.post(INBOX + "/" + conversationId + "/messages", "{\"content\": \"Hi\"}");

        assertThat(reply.status()).isEqualTo(403);
        assertThat(reply.detail()).isEqualTo("this needs the agent role");
    }

    @Test
    void aDataKeysReplyIsTheAgentItNamesViaTheApi() {
        String conversationId = conversation();

        Answer reply = suite.post(INBOX + "/" + conversationId + "/messages",
                "{\"content\": \"From the API\", \"agent_email\": \"bot-integration@example.com\"}", "x-api-key", org.apiKey());

        assertThat(reply.status()).as(reply.body()).isEqualTo(201);
        assertThat(reply.json().at("/sender/email").asString()).isEqualTo("bot-integration@example.com");
        assertThat(reply.json().at("/sender/via").asString()).isEqualTo("api");
        assertThat(reply.json().at("/sender/person_id").isMissingNode()).isTrue();
    }

    @Test
    void aDeactivatedAgentsSocketClosesWithinFiveSecondsAndTheirConversationWaitsAgain() {
        People.Person admin = people.firstAdmin();
        People.Person sam = people.invite(admin, "agent", "Sam Agent");
        LiveSocket socket = agentSocket(sam);
        String conversationId = conversation();
        await().atMost(Duration.ofSeconds(30)).until(() -> sam.email().equals(assignee(admin, conversationId)));
        String samId = sam.get("/auth/v1/me").json().at("/person/person_id").asString();

        assertThat(admin.write("PATCH", "/external/v1/people/" + samId, "{\"status\": \"deactivated\"}").status()).isEqualTo(200);

        await().atMost(Duration.ofSeconds(5)).pollInterval(Duration.ofMillis(100)).until(socket::isClosed);
        await().atMost(Duration.ofSeconds(30)).until(() -> assignee(admin, conversationId) == null);
        assertThat(sam.get(INBOX).status()).isEqualTo(401);
    }

    @Test
    void aBusyAgentTakesNoNewConversations() {
        People.Person admin = people.firstAdmin();
        People.Person sam = people.invite(admin, "agent", "Sam Busy");
        People.Person tia = people.invite(admin, "agent", "Tia Online");
        assertThat(sam.write("PATCH", "/auth/v1/me", "{\"availability\": \"busy\"}").json().at("/person/availability").asString())
                .isEqualTo("busy");
        LiveSocket samSocket = agentSocket(sam);
        LiveSocket tiaSocket = agentSocket(tia);

        List<String> conversations = List.of(conversation(), conversation(), conversation());

        for (String conversationId : conversations) {
            await().atMost(Duration.ofSeconds(30)).until(() -> assignee(admin, conversationId) != null);
        }
        assertThat(conversations).allSatisfy(conversationId -> assertThat(assignee(admin, conversationId)).isEqualTo(tia.email()));
        samSocket.close();
        tiaSocket.close();
    }

    private static String assignee(People.Person reader, String conversationId) {
        JsonNode conversation = reader.get(INBOX + "/" + conversationId).json();
        JsonNode assignee = conversation.path("assignee_email");
        return assignee.isMissingNode() || assignee.isNull() ? null : assignee.asString();
    }

    /** The agent's live connection, opened with a ticket their session asked for. */
    private LiveSocket agentSocket(People.Person agent) {
        Answer ticket = agent.post("/external/v1/live/tickets", "{}");
        assertThat(ticket.status()).as(ticket.body()).isEqualTo(201);
        URI uri = URI.create(suite.gateway().resolve("/external/v1/live?ticket=" + ticket.json().get("ticket").asString()).toString()
                .replaceFirst("^http", "ws"));
        return LiveSocket.open(HttpClient.newHttpClient().newWebSocketBuilder(), uri);
    }

    private String conversation() {
        Answer visitor = suite.post(VISITORS, "{}", "X-Public-Key", org.publicKey());
        String token = visitor.json().get("visitor_token").asString();
        Answer started = suite.post(WIDGET, "{\"message\": \"Hello\"}", "X-Public-Key", org.publicKey(), "X-Visitor-Token", token);
        assertThat(started.status()).as(started.body()).isEqualTo(201);
        return started.json().get("conversation_id").asString();
    }
}
