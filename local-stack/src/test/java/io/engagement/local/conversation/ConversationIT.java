package io.engagement.local.conversation;

import io.engagement.platform.event.Topics;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.model.Filters;
import io.engagement.infra.inbox.ReceivedMail;
import io.engagement.local.support.Answer;
import io.engagement.local.support.IdentityHash;
import io.engagement.local.support.RunningSuite;
import io.engagement.local.support.SupportHoursBody;
import io.engagement.local.support.TopicReader;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import java.net.http.HttpRequest;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.stream.IntStream;

import static io.engagement.local.support.Routes.INBOX;
import static io.engagement.local.support.Routes.VISITORS;
import static io.engagement.local.support.Routes.WIDGET;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Conversations through the gateway as a chat widget and an agent use them: visitors made with the
 * public key and known by their token, identity proven by an HMAC, conversations and messages with
 * gap-free seqs and client ids, the agents' inbox with its filters, replies, notes, read marks,
 * snoozes and ratings, the bot answering while pending and handing over, each change on Kafka, and
 * nothing of one visitor or organization seen by another.
 */
class ConversationIT {

    private final RunningSuite suite = RunningSuite.get();
    private final RunningSuite.Organization org = suite.createOrganization("Conversations " + UUID.randomUUID());

    /** Support open around the clock, so no test's thread depends on the day it runs. */
    @BeforeEach
    void supportAlwaysOpen() {
        SupportHoursBody.put(suite, org, SupportHoursBody.ALWAYS_OPEN);
    }

    // ---- visitors and identity ----

    @Test
    void aVisitorIsMadeWithThePublicKeyAndItsTokenIsShownOnce() {
        Answer created = suite.post(VISITORS, "{\"name\": \"Ada\", \"anonymous_id\": \"anon-1\"}", "X-Public-Key", org.publicKey());

        assertThat(created.status()).as(created.body()).isEqualTo(201);
        assertThat(created.json().propertyNames()).containsExactlyInAnyOrder("visitor_id", "visitor_token", "name", "email", "customer_id", "verified");
        assertThat(created.json().get("visitor_token").asString()).hasSizeGreaterThanOrEqualTo(22);
        assertThat(created.json().get("verified").asBoolean()).isFalse();

        Answer noToken = suite.get(WIDGET, "X-Public-Key", org.publicKey());
        Answer wrongToken = suite.get(WIDGET, "X-Public-Key", org.publicKey(), "X-Visitor-Token", "vt_not-a-token");
        Answer dataKey = suite.post(VISITORS, "{}", "x-api-key", org.apiKey());
        assertThat(noToken.status()).isEqualTo(401);
        assertThat(noToken.json().has("detail")).isTrue();
        assertThat(wrongToken.status()).isEqualTo(401);
        assertThat(dataKey.status()).isEqualTo(403);

        Answer byQuery = suite.get(WIDGET + "?public_key=" + org.publicKey() + "&visitor_token=" + created.json().get("visitor_token").asString());
        assertThat(byQuery.status()).as(byQuery.body()).isEqualTo(200);
        assertThat(byQuery.json().get("data").isEmpty()).isTrue();
    }

    @Test
    void aValidIdentityHashVerifiesTheVisitorAndAWrongOneIsRefused() {
        String secret = identitySecret();
        String customerId = "cus-" + UUID.randomUUID();

        Answer verified = suite.post(VISITORS, """
                {"customer_id": "%s", "identity_hash": "%s"}""".formatted(customerId, IdentityHash.of(secret, customerId)), "X-Public-Key", org.publicKey());
        Answer wrong = suite.post(VISITORS, """
                {"customer_id": "%s", "identity_hash": "%s"}""".formatted(customerId, IdentityHash.of(secret, "someone-else")), "X-Public-Key", org.publicKey());
        Answer claimed = suite.post(VISITORS, "{\"customer_id\": \"" + customerId + "\"}", "X-Public-Key", org.publicKey());

        assertThat(verified.status()).as(verified.body()).isEqualTo(201);
        assertThat(verified.json().get("verified").asBoolean()).isTrue();
        assertThat(wrong.status()).isEqualTo(403);
        assertThat(wrong.json().get("detail").asString()).isEqualTo("identity verification failed");
        assertThat(claimed.status()).isEqualTo(201);
        assertThat(claimed.json().get("verified").asBoolean()).as("optional verification lets a claim in, unverified").isFalse();

        String rotated = identitySecret();
        assertThat(rotated).isNotEqualTo(secret);
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertThat(suite.post(VISITORS, """
                {"customer_id": "%s", "identity_hash": "%s"}""".formatted(customerId, IdentityHash.of(secret, customerId)), "X-Public-Key", org.publicKey())
                .status()).as("a hash signed with the old secret").isEqualTo(403));
    }

    @Test
    void whileVerificationIsRequiredAClaimWithoutAHashIsRefused() {
        Answer required = put("/external/v1/settings/widget", """
                {"theme_color": "#1F6FEB", "position": "right", "welcome_image": "modern", "support_name": "Support",
                 "button_label": "Chat", "online_status_message": "Hi", "sound_enabled": true, "white_label": false,
                 "identity_verification": "required"}""");
        assertThat(required.status()).as(required.body()).isEqualTo(200);
        assertThat(required.json().get("identity_verification").asString()).isEqualTo("required");

        Answer claim = suite.post(VISITORS, "{\"email\": \"ada@example.com\"}", "X-Public-Key", org.publicKey());
        Answer anonymous = suite.post(VISITORS, "{}", "X-Public-Key", org.publicKey());

        assertThat(claim.status()).isEqualTo(403);
        assertThat(anonymous.status()).isEqualTo(201);
    }

    @Test
    void aVerifiedCustomerContinuesOnASecondDeviceWhileAClaimSeesNothing() {
        String secret = identitySecret();
        String customerId = "cus-" + UUID.randomUUID();
        String identified = "{\"customer_id\": \"%s\", \"identity_hash\": \"%s\"}".formatted(customerId, IdentityHash.of(secret, customerId));
        Visitor laptop = visitor(identified);
        Visitor phone = visitor(identified);
        Visitor impostor = visitor("{\"customer_id\": \"" + customerId + "\"}");

        String conversationId = start(laptop, "Where is my order?").get("conversation_id").asString();

        Answer onPhone = phone.get(WIDGET + "/" + conversationId);
        assertThat(onPhone.status()).as(onPhone.body()).isEqualTo(200);
        assertThat(phone.get(WIDGET).json().get("data").valueStream().map(c -> c.get("conversation_id").asString())).containsExactly(conversationId);
        assertThat(impostor.get(WIDGET + "/" + conversationId).status()).isEqualTo(404);
        assertThat(impostor.get(WIDGET).json().get("data").isEmpty()).isTrue();

        JsonNode asAgents = agent(INBOX + "/" + conversationId).json();
        assertThat(asAgents.get("visitor").get("customer_id").asString()).isEqualTo(customerId);
        assertThat(asAgents.get("visitor").get("verified").asBoolean()).isTrue();
    }

    // ---- conversations and messages ----

    @Test
    void aConversationStartsWithTheVisitorsMessageAndEveryMessageTakesTheNextSeq() {
        Visitor visitor = visitor("{\"name\": \"Grace\"}");

        JsonNode started = start(visitor, "  Hello there  ");

        assertThat(started.propertyNames()).as("the visitor's view").containsExactlyInAnyOrder("conversation_id", "channel", "status",
                "created_at", "last_activity_at", "visitor_last_read_seq", "unread_count", "rating", "assignee", "messages");
        assertThat(started.get("channel").asString()).isEqualTo("widget");
        assertThat(started.get("status").asString()).as("no bot knowledge: a person is needed").isEqualTo("open");
        assertThat(started.get("unread_count").asLong()).as("nothing written to the visitor yet").isZero();
        JsonNode asAgents = agent(INBOX + "/" + started.get("conversation_id").asString()).json();
        assertThat(asAgents.propertyNames()).contains("conversation_id", "channel", "status", "visitor", "session_id", "assignee_email", "tags",
                "created_at", "last_activity_at", "waiting_since", "first_reply_at", "unread_count", "visitor_last_read_seq",
                "agent_last_read_seq", "rating", "rating_comment", "snoozed_until");
        assertThat(asAgents.get("unread_count").asLong()).isEqualTo(1);
        assertThat(asAgents.get("waiting_since").isNull()).isFalse();
        JsonNode first = started.get("messages").get(0);
        assertThat(first.get("seq").asLong()).isEqualTo(1);
        assertThat(first.get("content").asString()).isEqualTo("Hello there");
        assertThat(first.get("sender").get("type").asString()).isEqualTo("visitor");
        assertThat(first.get("private").asBoolean()).isFalse();

        String conversationId = started.get("conversation_id").asString();
        Answer second = visitor.post(WIDGET + "/" + conversationId + "/messages", "{\"content\": \"Anyone?\", \"client_id\": \"c-2\"}");
        Answer again = visitor.post(WIDGET + "/" + conversationId + "/messages", "{\"content\": \"Anyone?\", \"client_id\": \"c-2\"}");
        assertThat(second.status()).as(second.body()).isEqualTo(201);
        assertThat(second.json().get("seq").asLong()).isEqualTo(2);
        assertThat(again.status()).as("the same client id answers the first message").isEqualTo(200);
        assertThat(again.json()).isEqualTo(second.json());

        JsonNode page = visitor.get(WIDGET + "/" + conversationId + "/messages?after=0&limit=1").json();
        assertThat(page.get("data").get(0).get("seq").asLong()).isEqualTo(1);
        assertThat(page.get("has_more").asBoolean()).isTrue();
        assertThat(visitor.get(WIDGET + "/" + conversationId + "/messages?after=1").json().get("data").valueStream()
                .map(message -> message.get("seq").asLong())).containsExactly(2L);
    }

    @Test
    void aFirstMessageSentAgainWithItsClientIdStartsNoSecondConversation() {
        Visitor visitor = visitor("{}");
        String body = "{\"message\": \"Is the Pro plan monthly?\", \"client_id\": \"first-1\"}";

        Answer started = visitor.post(WIDGET, body);
        Answer retried = visitor.post(WIDGET, body);

        assertThat(started.status()).as(started.body()).isEqualTo(201);
        assertThat(retried.status()).as("the same client id answers the first conversation").isEqualTo(200);
        assertThat(retried.json().get("conversation_id")).isEqualTo(started.json().get("conversation_id"));
        assertThat(retried.json().get("messages").valueStream().map(message -> message.get("content").asString()))
                .containsExactly("Is the Pro plan monthly?");
        assertThat(visitor.get(WIDGET).json().get("data")).hasSize(1);
        Answer another = visitor.post(WIDGET, body.replace("first-1", "first-2"));
        assertThat(another.status()).isEqualTo(201);
        assertThat(another.json().get("conversation_id")).isNotEqualTo(started.json().get("conversation_id"));
    }

    @Test
    void concurrentWritersGetSeqsWithoutGapsOrRepeats() {
        Visitor visitor = visitor("{}");
        String conversationId = start(visitor, "first").get("conversation_id").asString();

        List<CompletableFuture<Answer>> writes = IntStream.range(0, 20).mapToObj(i -> CompletableFuture.supplyAsync(() -> i % 2 == 0
                ? visitor.post(WIDGET + "/" + conversationId + "/messages", "{\"content\": \"visitor " + i + "\"}")
                : agentPost(INBOX + "/" + conversationId + "/messages", "{\"content\": \"agent " + i + "\", \"agent_email\": \"a@example.com\"}")))
                .toList();
        writes.forEach(write -> assertThat(write.join().status()).as(write.join().body()).isEqualTo(201));

        JsonNode all = agent(INBOX + "/" + conversationId + "/messages?limit=200").json().get("data");
        assertThat(all.valueStream().map(message -> message.get("seq").asLong()).toList())
                .containsExactlyElementsOf(IntStream.rangeClosed(1, 21).mapToObj(Long::valueOf).toList());
    }

    @Test
    void contentIsOneToFiveThousandCharactersOnceTrimmed() {
        Visitor visitor = visitor("{}");
        Answer blank = visitor.post(WIDGET, "{\"message\": \"   \"}");
        Answer tooLong = visitor.post(WIDGET, "{\"message\": \"" + "x".repeat(5_001) + "\"}");
        String conversationId = start(visitor, "x".repeat(5_000)).get("conversation_id").asString();
        Answer blankMessage = visitor.post(WIDGET + "/" + conversationId + "/messages", "{\"content\": \"\"}");

        assertThat(blank.status()).isEqualTo(422);
        assertThat(blank.json().get("detail").get(0).get("loc").toString()).isEqualTo("[\"body\",\"message\"]");
        assertThat(tooLong.status()).isEqualTo(422);
        assertThat(blankMessage.status()).isEqualTo(422);
        assertThat(blankMessage.json().get("detail").get(0).get("loc").toString()).isEqualTo("[\"body\",\"content\"]");
    }

    // ---- the agents' side ----

    @Test
    void anAgentsReplyAnswersTheWaitAssignsTheConversationAndANoteStaysWithAgents() {
        Visitor visitor = visitor("{\"name\": \"Linus\"}");
        String conversationId = start(visitor, "My invoice is wrong").get("conversation_id").asString();
        String path = INBOX + "/" + conversationId;

        Answer note = agentPost(path + "/messages", "{\"content\": \"VIP customer\", \"agent_email\": \"lead@example.com\", \"private\": true}");
        Answer reply = agentPost(path + "/messages", "{\"content\": \"Let me check\", \"agent_email\": \"Sam@Example.com\"}");

        assertThat(note.status()).as(note.body()).isEqualTo(201);
        assertThat(note.json().get("private").asBoolean()).isTrue();
        assertThat(reply.status()).isEqualTo(201);
        assertThat(reply.json().get("sender").get("type").asString()).isEqualTo("agent");
        assertThat(reply.json().get("sender").get("email").asString()).as("the address as the e-mail rule keeps it").isEqualTo("Sam@example.com");
        JsonNode conversation = agent(path).json();
        assertThat(conversation.get("assignee_email").asString()).isEqualTo("Sam@example.com");
        assertThat(conversation.get("waiting_since").isNull()).isTrue();
        assertThat(conversation.get("first_reply_at").isNull()).isFalse();
        assertThat(conversation.get("context").propertyNames()).containsExactlyInAnyOrder("session", "recent_pages", "recent_errors");

        assertThat(visitor.get(WIDGET + "/" + conversationId + "/messages").json().get("data").valueStream()
                .map(message -> message.get("content").asString())).containsExactly("My invoice is wrong", "Let me check");
        assertThat(agent(path + "/messages").json().get("data")).hasSize(3);
    }

    @Test
    void readMarksCountWhatIsUnreadAndNeverMoveBack() {
        Visitor visitor = visitor("{}");
        String conversationId = start(visitor, "one").get("conversation_id").asString();
        visitor.post(WIDGET + "/" + conversationId + "/messages", "{\"content\": \"two\"}");
        visitor.post(WIDGET + "/" + conversationId + "/messages", "{\"content\": \"three\"}");
        String path = INBOX + "/" + conversationId;
        assertThat(agent(path).json().get("unread_count").asLong()).isEqualTo(3);

        assertThat(agentPost(path + "/read", "{\"seq\": 2}").status()).isEqualTo(204);
        assertThat(agentPost(path + "/read", "{\"seq\": 1}").status()).isEqualTo(204);
        assertThat(visitor.post(WIDGET + "/" + conversationId + "/read", "{\"seq\": 3}").status()).isEqualTo(204);

        JsonNode conversation = agent(path).json();
        assertThat(conversation.get("unread_count").asLong()).isEqualTo(1);
        assertThat(conversation.get("agent_last_read_seq").asLong()).isEqualTo(2);
        assertThat(conversation.get("visitor_last_read_seq").asLong()).isEqualTo(3);
    }

    @Test
    void theInboxFiltersByStatusAssigneeAndChannelNewestActivityFirst() {
        Visitor visitor = visitor("{}");
        String older = start(visitor, "older").get("conversation_id").asString();
        String newer = start(visitor, "newer").get("conversation_id").asString();
        agentPost(INBOX + "/" + older + "/messages", "{\"content\": \"on it\", \"agent_email\": \"kim@example.com\"}");

        assertThat(ids(agent(INBOX))).startsWith(older, newer);
        assertThat(ids(agent(INBOX + "?assignee_email=KIM@example.com"))).containsExactly(older);
        assertThat(ids(agent(INBOX + "?unassigned=true"))).containsExactly(newer);
        assertThat(ids(agent(INBOX + "?status=open&channel=widget"))).containsExactlyInAnyOrder(older, newer);
        assertThat(ids(agent(INBOX + "?channel=whatsapp"))).isEmpty();
        Answer badFilter = agent(INBOX + "?status=closed");
        assertThat(badFilter.status()).isEqualTo(422);
        assertThat(agent(INBOX).json().propertyNames()).contains("data", "total");
    }

    @Test
    void theInboxSearchesMessagesNotesAndTheVisitorIgnoringCase() {
        String refund = start(visitor("{\"name\": \"Grace Hopper\"}"), "Where is my REFUND?").get("conversation_id").asString();
        String noted = start(visitor("{\"email\": \"linus@kernel.example\"}"), "hello").get("conversation_id").asString();
        agentPost(INBOX + "/" + noted + "/messages", "{\"content\": \"wants a Refund too\", \"agent_email\": \"kim@example.com\", \"private\": true}");
        String other = start(visitor("{}"), "a question (about [brackets]?)").get("conversation_id").asString();

        assertThat(ids(agent(INBOX + "?q=refund"))).containsExactlyInAnyOrder(refund, noted);
        assertThat(ids(agent(INBOX + "?q=grace%20HOP"))).containsExactly(refund);
        assertThat(ids(agent(INBOX + "?q=KERNEL.example"))).containsExactly(noted);
        assertThat(ids(agent(INBOX + "?q=%5Bbrackets%5D%3F"))).as("the text is matched as written, not as a pattern").containsExactly(other);
        assertThat(ids(agent(INBOX + "?q=refund&unassigned=true"))).as("with the other filters").containsExactlyInAnyOrder(refund, noted);
        assertThat(ids(agent(INBOX + "?q=nothing-like-this"))).isEmpty();
    }

    @Test
    void snoozingNeedsAFutureTimeTagsAreTicketingTagsAndAVisitorMessageReopens() {
        Visitor visitor = visitor("{}");
        String conversationId = start(visitor, "hello").get("conversation_id").asString();
        String path = INBOX + "/" + conversationId;

        Answer past = patch(path, "{\"status\": \"snoozed\", \"snoozed_until\": \"2020-01-01T00:00:00Z\"}");
        Answer unknownTag = patch(path, "{\"tags\": [\"NoSuchTag\"]}");
        Answer snoozed = patch(path, "{\"status\": \"snoozed\", \"snoozed_until\": \"" + Instant.now().plus(Duration.ofHours(1)) + "\", \"tags\": [\"billing\"]}");

        assertThat(past.status()).isEqualTo(422);
        assertThat(past.json().get("detail").get(0).get("loc").toString()).isEqualTo("[\"body\",\"snoozed_until\"]");
        assertThat(unknownTag.status()).isEqualTo(422);
        assertThat(unknownTag.json().get("detail").get(0).get("loc").toString()).isEqualTo("[\"body\",\"tags\",0]");
        assertThat(snoozed.status()).as(snoozed.body()).isEqualTo(200);
        assertThat(snoozed.json().get("status").asString()).isEqualTo("snoozed");
        assertThat(snoozed.json().get("tags").toString()).isEqualTo("[\"Billing\"]");

        visitor.post(WIDGET + "/" + conversationId + "/messages", "{\"content\": \"still there?\"}");
        JsonNode woken = agent(path).json();
        assertThat(woken.get("status").asString()).isEqualTo("open");
        assertThat(woken.get("snoozed_until").isNull()).isTrue();
    }

    @Test
    void onlyAResolvedConversationIsRatedAndAVisitorMessageReopensIt() {
        Visitor visitor = visitor("{}");
        String conversationId = start(visitor, "thanks").get("conversation_id").asString();
        String rating = WIDGET + "/" + conversationId + "/rating";

        assertThat(visitor.post(rating, "{\"rating\": 5}").status()).isEqualTo(409);
        assertThat(patch(INBOX + "/" + conversationId, "{\"status\": \"resolved\"}").status()).isEqualTo(200);
        assertThat(visitor.post(rating, "{\"rating\": 6}").status()).isEqualTo(422);
        Answer rated = visitor.post(rating, "{\"rating\": 4, \"comment\": \"quick\"}");
        assertThat(rated.status()).as(rated.body()).isEqualTo(200);
        assertThat(agent(INBOX + "/" + conversationId).json().get("rating_comment").asString()).as("the agents read the comment")
                .isEqualTo("quick");
        Answer again = visitor.post(rating, "{\"rating\": 2}");
        assertThat(again.json().get("rating").asInt()).isEqualTo(2);
        assertThat(again.json().has("rating_comment")).as("the visitor's view has none").isFalse();
        assertThat(agent(INBOX + "/" + conversationId).json().get("rating_comment").isNull()).as("replaced with the rating").isTrue();

        visitor.post(WIDGET + "/" + conversationId + "/messages", "{\"content\": \"one more thing\"}");
        assertThat(agent(INBOX + "/" + conversationId).json().get("status").asString()).isEqualTo("open");
    }

    // ---- the bot ----

    @Test
    void theBotAnswersWhilePendingAndAHandoffTurnsTheConversationOpenForGood() {
        Answer qna = suite.post("/external/v1/bot/sources/qna", "{\"question\": \"How do I reset my password?\", \"answer\": \"Use the link on the sign-in page.\"}",
                "x-api-key", org.apiKey());
        assertThat(qna.status()).as(qna.body()).isEqualTo(201);
        Visitor visitor = visitor("{}");

        JsonNode started = start(visitor, "How do I reset my password?");
        String conversationId = started.get("conversation_id").asString();
        assertThat(started.get("status").asString()).isEqualTo("pending");

        JsonNode botMessage = await().atMost(Duration.ofSeconds(10)).until(() -> message(visitor, conversationId, "bot"), found -> found != null);
        assertThat(botMessage.get("content").asString()).isEqualTo("Use the link on the sign-in page.");
        assertThat(botMessage.get("sources").get(0).has("source_id")).isTrue();
        assertThat(botMessage.get("confidence").asDouble()).isPositive();

        Answer handoff = visitor.post(WIDGET + "/" + conversationId + "/handoff", "{}");
        assertThat(handoff.status()).as(handoff.body()).isEqualTo(200);
        assertThat(handoff.json().get("status").asString()).isEqualTo("open");
        assertThat(message(visitor, conversationId, "system")).isNotNull();

        visitor.post(WIDGET + "/" + conversationId + "/messages", "{\"content\": \"How do I reset my password?\"}");
        await().during(Duration.ofSeconds(3)).atMost(Duration.ofSeconds(5)).untilAsserted(() ->
                assertThat(visitor.get(WIDGET + "/" + conversationId + "/messages").json().get("data").valueStream()
                        .filter(message -> message.get("sender").get("type").asString().equals("bot")).count())
                        .as("the bot stays silent after a handoff").isEqualTo(1));
    }

    // ---- events and isolation ----

    @Test
    void everyChangeIsAnEventOnTheConversationTopicKeyedByConversation() {
        try (TopicReader topic = new TopicReader(suite.infrastructure.kafkaBootstrapServers(), Topics.CONVERSATION)) {
            Visitor visitor = visitor("{}");
            String conversationId = start(visitor, "events please").get("conversation_id").asString();
            agentPost(INBOX + "/" + conversationId + "/messages", "{\"content\": \"here\", \"agent_email\": \"a@example.com\"}");

            String key = org.id() + ":" + conversationId;
            List<String> types = topic.awaitMatching(record -> key.equals(record.key()), 5).stream()
                    .map(record -> TopicReader.json(record).get("type").asString()).toList();
            assertThat(types).contains("conversation.created", "message.created", "conversation.updated");
        }
    }

    @Test
    void anotherOrganizationAndAnotherVisitorSeeNothing() {
        Visitor visitor = visitor("{}");
        String conversationId = start(visitor, "private matter").get("conversation_id").asString();
        RunningSuite.Organization other = suite.createOrganization("Other " + UUID.randomUUID());
        Visitor stranger = visitor("{}");

        assertThat(suite.get(INBOX + "/" + conversationId, "x-api-key", other.apiKey()).status()).isEqualTo(404);
        assertThat(suite.get(INBOX + "/" + conversationId + "/messages", "x-api-key", other.apiKey()).status()).isEqualTo(404);
        assertThat(stranger.get(WIDGET + "/" + conversationId).status()).isEqualTo(404);
        assertThat(stranger.post(WIDGET + "/" + conversationId + "/messages", "{\"content\": \"hi\"}").status()).isEqualTo(404);
        assertThat(suite.get(WIDGET + "/" + conversationId, "X-Public-Key", other.publicKey(), "X-Visitor-Token", visitor.token()).status())
                .as("a token of another organization's visitor").isEqualTo(401);
    }

    @Test
    void agentsAreASettingsResourceWithCapacities() {
        Answer stored = put("/external/v1/settings/agents", """
                {"agents": [{"email": "sam@example.com", "name": "Sam"}, {"email": "kim@example.com", "name": "Kim", "capacity": 3}]}""");
        Answer duplicate = put("/external/v1/settings/agents", """
                {"agents": [{"email": "sam@example.com", "name": "Sam"}, {"email": "SAM@example.com", "name": "Sam again"}]}""");
        Answer tooMany = put("/external/v1/settings/agents", "{\"agents\": [{\"email\": \"x@example.com\", \"name\": \"X\", \"capacity\": 101}], \"extra\": 1}");

        assertThat(stored.status()).as(stored.body()).isEqualTo(200);
        assertThat(stored.json().get("agents").get(0).get("capacity").asInt()).isEqualTo(10);
        assertThat(duplicate.status()).isEqualTo(422);
        assertThat(tooMany.status()).isEqualTo(422);
        assertThat(tooMany.json().get("detail")).hasSize(2);
        assertThat(suite.get("/external/v1/settings/agents", "x-api-key", org.apiKey()).json()).isEqualTo(stored.json());
    }

    // ---- support hours, e-mail, context, erasure ----

    @Test
    void aConversationStartedWhileSupportIsClosedIsToldSoAndAskedForAnEmail() {
        SupportHoursBody.put(suite, org, SupportHoursBody.ALWAYS_CLOSED);
        Visitor anonymous = visitor("{}");
        Visitor withEmail = visitor("{\"email\": \"known-" + UUID.randomUUID() + "@example.com\"}");

        List<JsonNode> told = List.copyOf(start(anonymous, "anyone?").get("messages").valueStream().toList());
        List<JsonNode> toldOnly = List.copyOf(start(withEmail, "anyone?").get("messages").valueStream().toList());

        assertThat(told).as("one offline prompt").extracting(message -> message.get("sender").get("type").asString())
                .containsExactly("visitor", "system");
        assertThat(told.get(1).get("content").asString()).startsWith("We're away right now. Leave a message and we'll get back to you.")
                .contains("e-mail");
        assertThat(toldOnly).extracting(message -> message.get("sender").get("type").asString()).containsExactly("visitor", "system");
        assertThat(toldOnly.get(1).get("content").asString()).isEqualTo("We're away right now. Leave a message and we'll get back to you.");
    }

    @Test
    void anAgentsReplyTheVisitorHasNotReadIsEmailedOnceWithEveryUnreadMessage() {
        String email = "reader-" + UUID.randomUUID() + "@example.com";
        Visitor visitor = visitor("{\"email\": \"" + email + "\"}");
        String conversationId = start(visitor, "please call me back").get("conversation_id").asString();
        agentPost(INBOX + "/" + conversationId + "/messages", "{\"content\": \"We will call at noon\", \"agent_email\": \"sam@example.com\"}");
        agentPost(INBOX + "/" + conversationId + "/messages", "{\"content\": \"Or at two\", \"agent_email\": \"sam@example.com\"}");

        await().atMost(Duration.ofSeconds(60)).until(() -> mailsTo(email).size() == 1);
        ReceivedMail mail = mailsTo(email).get(0);
        assertThat(mail.text()).contains("We will call at noon").contains("Or at two").doesNotContain("please call me back");
        await().during(Duration.ofSeconds(4)).atMost(Duration.ofSeconds(6)).until(() -> mailsTo(email).size() == 1);
        JsonNode listed = suite.get("/external/v1/transactional-email/messages?category=conversation", "X-Transactional-Key", org.transactionalKey()).json();
        assertThat(listed.toString()).contains(email);
    }

    @Test
    void anEmailedReplyIsFollowedUpByTheRemindersUntilTheVisitorReadsIt() {
        // a reminder interval of one "minute" lasts a second in the test suite
        assertThat(put("/external/v1/settings/reminders", "{\"enabled\": true, \"intervals_minutes\": [1, 8], \"channels\": [\"email\"]}")
                .status()).isEqualTo(200);
        String email = "reminded-" + UUID.randomUUID() + "@example.com";
        Visitor visitor = visitor("{\"email\": \"" + email + "\"}");
        String conversationId = start(visitor, "is it fixed?").get("conversation_id").asString();
        Answer reply = agentPost(INBOX + "/" + conversationId + "/messages", "{\"content\": \"Yes, since this morning\", \"agent_email\": \"sam@example.com\"}");

        await().atMost(Duration.ofSeconds(60)).until(() -> mailsTo(email).size() == 2);
        assertThat(mailsTo(email)).extracting(ReceivedMail::subject)
                .containsExactlyInAnyOrder("New reply to your conversation", "Reminder: replies are waiting for you");
        visitor.post(WIDGET + "/" + conversationId + "/read", "{\"seq\": " + reply.json().get("seq").asLong() + "}");

        await().during(Duration.ofSeconds(10)).atMost(Duration.ofSeconds(12)).until(() -> mailsTo(email).size() == 2);
    }

    @Test
    void aReplyTheVisitorReadIsNotEmailed() {
        String email = "reads-" + UUID.randomUUID() + "@example.com";
        Visitor visitor = visitor("{\"email\": \"" + email + "\"}");
        String conversationId = start(visitor, "hello").get("conversation_id").asString();
        Answer reply = agentPost(INBOX + "/" + conversationId + "/messages", "{\"content\": \"Hi!\", \"agent_email\": \"sam@example.com\"}");
        visitor.post(WIDGET + "/" + conversationId + "/read", "{\"seq\": " + reply.json().get("seq").asLong() + "}");

        await().during(Duration.ofSeconds(5)).atMost(Duration.ofSeconds(7)).until(() -> mailsTo(email).isEmpty());
    }

    @Test
    void theAgentSeesTheSessionsPagesAndErrorsLearntFromItsTelemetry() {
        String session = "ses-" + UUID.randomUUID();
        Visitor visitor = visitor("{\"session_id\": \"" + session + "\"}");
        String conversationId = start(visitor, "the checkout fails").get("conversation_id").asString();
        Instant now = Instant.now();
        Answer sent = suite.post("/external/v1/events", """
                {"events": [
                 {"type": "page_view", "session_id": "%1$s", "timestamp": "%2$s", "url": "https://shop.example/cart"},
                 {"type": "page_view", "session_id": "%1$s", "timestamp": "%3$s", "url": "https://shop.example/checkout"},
                 {"type": "console_error", "session_id": "%1$s", "timestamp": "%3$s", "url": "https://shop.example/checkout", "message": "TypeError: total is undefined"}]}"""
                .formatted(session, now.minusSeconds(2), now.minusSeconds(1)), "X-Public-Key", org.publicKey());
        assertThat(sent.status()).as(sent.body()).isEqualTo(202);

        await().atMost(Duration.ofSeconds(60)).untilAsserted(() -> {
            JsonNode context = agent(INBOX + "/" + conversationId).json().get("context");
            assertThat(context.get("recent_pages").valueStream().map(JsonNode::asString))
                    .containsExactly("https://shop.example/checkout", "https://shop.example/cart");
            assertThat(context.get("recent_errors").get(0).get("message").asString()).isEqualTo("TypeError: total is undefined");
            assertThat(context.path("session").path("session_id").asString("")).isEqualTo(session);
        });
    }

    @Test
    void erasingACustomerDeletesTheConversationsOfTheirVerifiedVisitorsAndTheirEmail() {
        String secret = identitySecret();
        String email = "erased-" + UUID.randomUUID() + "@example.com";
        Answer customer = suite.post("/external/v1/customers", "{\"email\": \"" + email + "\", \"name\": \"Erin\", \"source\": \"api\"}", "x-api-key", org.apiKey());
        assertThat(customer.status()).as(customer.body()).isIn(200, 201);
        String customerId = customer.json().get("customer_id").asString();
        Visitor verified = visitor("{\"customer_id\": \"%s\", \"identity_hash\": \"%s\"}".formatted(customerId, IdentityHash.of(secret, customerId)));
        Visitor byEmail = visitor("{\"email\": \"" + email.toUpperCase() + "\"}");
        Visitor other = visitor("{}");
        String first = start(verified, "mine").get("conversation_id").asString();
        String second = start(byEmail, "also mine").get("conversation_id").asString();
        String kept = start(other, "not theirs").get("conversation_id").asString();

        assertThat(suite.delete("/external/v1/customers/" + customerId, "x-api-key", org.apiKey()).status()).isEqualTo(204);

        await().atMost(Duration.ofSeconds(60)).untilAsserted(() -> {
            assertThat(agent(INBOX + "/" + first).status()).isEqualTo(404);
            assertThat(agent(INBOX + "/" + second).status()).isEqualTo(404);
        });
        assertThat(agent(INBOX + "/" + kept).status()).isEqualTo(200);
        assertThat(verified.get(WIDGET).status()).as("the erased customer's visitor token opens nothing").isEqualTo(401);
        try (MongoClient mongo = MongoClients.create(suite.infrastructure.mongoUri())) {
            assertThat(mongo.getDatabase("engagement_customer").getCollection("conversation_messages")
                    .countDocuments(Filters.in("conversation_id", first, second))).isZero();
        }
    }

    private List<ReceivedMail> mailsTo(String email) {
        return suite.smtp.received().stream()
                .filter(mail -> mail.to().stream().anyMatch(to -> to.address().equalsIgnoreCase(email))).toList();
    }

    // ---- helpers ----

    private String identitySecret() {
        Answer secret = suite.post("/external/v1/settings/widget/identity-secret", "{}", "x-api-key", org.apiKey());
        assertThat(secret.status()).as(secret.body()).isEqualTo(201);
        return secret.json().get("identity_secret").asString();
    }


    private Visitor visitor(String body) {
        Answer created = suite.post(VISITORS, body, "X-Public-Key", org.publicKey());
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        return new Visitor(created.json().get("visitor_token").asString());
    }

    private JsonNode start(Visitor visitor, String message) {
        Answer started = visitor.post(WIDGET, "{\"message\": \"" + message + "\"}");
        assertThat(started.status()).as(started.body()).isEqualTo(201);
        return started.json();
    }

    private JsonNode message(Visitor visitor, String conversationId, String senderType) {
        return visitor.get(WIDGET + "/" + conversationId + "/messages").json().get("data").valueStream()
                .filter(message -> message.get("sender").get("type").asString().equals(senderType)).findFirst().orElse(null);
    }

    private Answer agent(String path) {
        return suite.get(path, "x-api-key", org.apiKey());
    }

    private Answer agentPost(String path, String body) {
        return suite.post(path, body, "x-api-key", org.apiKey());
    }

    private Answer patch(String path, String body) {
        return suite.send(HttpRequest.newBuilder(suite.gateway().resolve(path)).header("Content-Type", "application/json")
                .method("PATCH", HttpRequest.BodyPublishers.ofString(body)), "x-api-key", org.apiKey());
    }

    private Answer put(String path, String body) {
        return suite.put(path, body, "x-api-key", org.apiKey());
    }

    private static List<String> ids(Answer page) {
        assertThat(page.status()).as(page.body()).isEqualTo(200);
        return page.json().get("data").valueStream().map(conversation -> conversation.get("conversation_id").asString()).toList();
    }

    /** A widget visitor: the organization's public key and the visitor's token on every request. */
    private final class Visitor {

        private final String token;

        Visitor(String token) {
            this.token = token;
        }

        String token() {
            return token;
        }

        Answer get(String path) {
            return suite.get(path, "X-Public-Key", org.publicKey(), "X-Visitor-Token", token);
        }

        Answer post(String path, String body) {
            return suite.post(path, body, "X-Public-Key", org.publicKey(), "X-Visitor-Token", token);
        }
    }
}
