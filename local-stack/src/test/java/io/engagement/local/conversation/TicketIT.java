package io.engagement.local.conversation;

import com.mongodb.client.MongoClient;
import com.mongodb.client.model.Filters;
import io.engagement.local.support.Answer;
import io.engagement.local.support.Json;
import io.engagement.local.support.RunningSuite;
import io.engagement.local.support.TopicReader;
import io.engagement.platform.event.Topics;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import java.net.http.HttpRequest;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static io.engagement.local.support.Routes.TICKETING_SETTINGS;
import static io.engagement.local.support.Routes.TICKETS;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tickets through the gateway: opened with the data key, or with the public key while the
 * organization lets end users open them; tags in the ticketing tags' spelling; assigned by the
 * first matching rule; listed with filters and pages, newest first; changed field by field; another
 * organization's invisible; each change on Kafka; an erased customer's tickets gone. The public key
 * is never told whether a customer id exists.
 */
class TicketIT {

    private static MongoClient mongo;

    private final RunningSuite suite = RunningSuite.get();
    private final RunningSuite.Organization org = suite.createOrganization("Tickets " + UUID.randomUUID());

    @BeforeAll
    static void connect() {
        mongo = RunningSuite.get().mongo();
    }

    // ---- opening ----

    @Test
    void aTicketOpenedWithTheDataKeyIsOpenUnassignedAndReadBackAsAnswered() {
        Answer created = open(org, """
                {"subject": "Cannot download my invoice", "description": "The PDF link gives an error.",
                 "email": "Ada@Example.com", "tags": ["billing", "Bug Report", "BILLING"]}""");

        assertThat(created.status()).as(created.body()).isEqualTo(201);
        JsonNode ticket = created.json();
        assertThat(ticket.propertyNames()).containsExactlyInAnyOrder("ticket_id", "status", "subject", "description", "customer_id",
                "email", "tags", "assignee_email", "time_created", "time_updated", "conversation_id");
        assertThat(ticket.get("ticket_id").asString()).isNotBlank();
        assertThat(ticket.get("status").asString()).isEqualTo("open");
        assertThat(ticket.get("subject").asString()).isEqualTo("Cannot download my invoice");
        assertThat(ticket.get("description").asString()).isEqualTo("The PDF link gives an error.");
        assertThat(ticket.get("customer_id").isNull()).isTrue();
        assertThat(ticket.get("email").asString()).isEqualToIgnoringCase("ada@example.com");
        assertThat(ticket.get("tags")).isEqualTo(Json.read("[\"Billing\", \"Bug Report\"]"));
        assertThat(ticket.get("assignee_email").isNull()).isTrue();
        assertThat(Instant.parse(ticket.get("time_created").asString())).isEqualTo(Instant.parse(ticket.get("time_updated").asString()));

        Answer read = get(org, TICKETS + "/" + ticket.get("ticket_id").asString());
        assertThat(read.status()).isEqualTo(200);
        assertThat(read.json()).isEqualTo(ticket);
    }

    @Test
    void aTicketOfAKnownCustomerNamesThem() {
        String customerId = createCustomer(org, "grace-" + UUID.randomUUID() + "@example.com");

        Answer created = open(org, """
                {"subject": "Hello", "description": "Question", "customer_id": "%s"}""".formatted(customerId));

        assertThat(created.status()).as(created.body()).isEqualTo(201);
        assertThat(created.json().get("customer_id").asString()).isEqualTo(customerId);
        assertThat(created.json().get("tags")).isEqualTo(Json.read("[]"));
    }

    @Test
    void withTheDataKeyACustomerOfAnotherOrganizationOrNoneIsRefusedAtCustomerId() {
        String theirs = createCustomer(suite.globex, "theirs-" + UUID.randomUUID() + "@example.com");

        for (String customerId : List.of(theirs, UUID.randomUUID().toString())) {
            Answer refused = open(org, """
                    {"subject": "Hello", "description": "Question", "customer_id": "%s"}""".formatted(customerId));

            assertThat(refused.status()).as(refused.body()).isEqualTo(422);
            assertThat(refused.locs()).containsExactly(List.of("body", "customer_id"));
            assertThat(refused.json().at("/detail/0/type").asString()).isEqualTo("value_error");
        }
        assertThat(list(org, "").json().get("total").asLong()).isZero();
    }

    @Test
    void thePublicKeyCannotTellWhetherACustomerIdExists() {
        String known = createCustomer(org, "known-" + UUID.randomUUID() + "@example.com");
        String theirs = createCustomer(suite.globex, "theirs-" + UUID.randomUUID() + "@example.com");
        String unknown = UUID.randomUUID().toString();

        Map<String, JsonNode> answered = new HashMap<>();
        for (String customerId : List.of(known, theirs, unknown)) {
            Answer created = suite.post(TICKETS, """
                    {"subject": "Hello", "description": "Question", "customer_id": "%s"}""".formatted(customerId),
                    "X-Public-Key", org.publicKey());

            assertThat(created.status()).as(created.body()).isEqualTo(201);
            assertThat(created.json().get("customer_id").isNull()).as(created.body()).isTrue();
            answered.put(customerId, created.json());
        }
        assertThat(answered.values()).allSatisfy(answer -> assertThat(answer.propertyNames())
                .containsExactlyInAnyOrderElementsOf(answered.get(known).propertyNames()));

        // the data key sees what was kept: the organization's own customer, nothing for the others
        JsonNode keptKnown = get(org, TICKETS + "/" + answered.get(known).get("ticket_id").asString()).json();
        JsonNode keptTheirs = get(org, TICKETS + "/" + answered.get(theirs).get("ticket_id").asString()).json();
        JsonNode keptUnknown = get(org, TICKETS + "/" + answered.get(unknown).get("ticket_id").asString()).json();
        assertThat(keptKnown.get("customer_id").asString()).isEqualTo(known);
        assertThat(keptTheirs.get("customer_id").isNull()).isTrue();
        assertThat(keptUnknown.get("customer_id").isNull()).isTrue();
        assertThat(ids(list(org, "?customer_id=" + known))).containsExactly(answered.get(known).get("ticket_id").asString());
        assertThat(ids(list(org, "?customer_id=" + unknown))).isEmpty();
        assertThat(mongo.getDatabase("engagement_customer").getCollection("tickets")
                .countDocuments(Filters.in("customer_id", theirs, unknown))).isZero();
    }

    @Test
    void eachInvalidFieldIsRefusedAtItsPlace() {
        Map<String, List<Object>> cases = new HashMap<>();
        cases.put("{\"description\": \"d\"}", List.of("body", "subject"));
        cases.put("{\"subject\": \"\", \"description\": \"d\"}", List.of("body", "subject"));
        cases.put("{\"subject\": \"   \", \"description\": \"d\"}", List.of("body", "subject"));
        cases.put("{\"subject\": \"" + "s".repeat(201) + "\", \"description\": \"d\"}", List.of("body", "subject"));
        cases.put("{\"subject\": \"s\"}", List.of("body", "description"));
        cases.put("{\"subject\": \"s\", \"description\": \"" + "d".repeat(10_001) + "\"}", List.of("body", "description"));
        cases.put("{\"subject\": \"s\", \"description\": \"d\", \"email\": \"nobody\"}", List.of("body", "email"));
        cases.put("{\"subject\": \"s\", \"description\": \"d\", \"customer_id\": 42}", List.of("body", "customer_id"));
        cases.put("{\"subject\": \"s\", \"description\": \"d\", \"tags\": \"Billing\"}", List.of("body", "tags"));
        cases.put("{\"subject\": \"s\", \"description\": \"d\", \"tags\": [\"Sales\", \"Refunds\"]}", List.of("body", "tags", 1));
        cases.put("[]", List.of("body"));

        cases.forEach((body, loc) -> {
            Answer refused = open(org, body);
            assertThat(refused.status()).as(body + " -> " + refused.body()).isEqualTo(422);
            assertThat(refused.locs()).as(body).containsExactly(loc);
        });
        Answer notJson = open(org, "{\"subject\": ");
        assertThat(notJson.status()).isEqualTo(422);
        assertThat(notJson.json().at("/detail/0/type").asString()).isEqualTo("json_invalid");
        Answer longest = open(org, "{\"subject\": \"" + "s".repeat(200) + "\", \"description\": \"" + "d".repeat(10_000) + "\"}");
        assertThat(longest.status()).as(longest.body()).isEqualTo(201);
        assertThat(list(org, "").json().get("total").asLong()).isEqualTo(1);
    }

    @Test
    void theBodysFaultsAndThoseFoundAgainstStoredDataAreReportedInOneAnswer() {
        Answer badSubjectAndTag = open(org, """
                {"subject": "", "description": "x", "tags": ["NoSuchTag"]}""");
        assertThat(badSubjectAndTag.status()).as(badSubjectAndTag.body()).isEqualTo(422);
        assertThat(badSubjectAndTag.locs()).containsExactly(List.of("body", "subject"), List.of("body", "tags", 0));

        Answer threeKinds = open(org, """
                {"subject": "s", "description": "", "tags": ["Sales", "NoSuchTag"], "customer_id": "%s"}""".formatted(UUID.randomUUID()));
        assertThat(threeKinds.status()).as(threeKinds.body()).isEqualTo(422);
        assertThat(threeKinds.locs()).containsExactlyInAnyOrder(List.of("body", "description"), List.of("body", "tags", 1),
                List.of("body", "customer_id"));

        String path = TICKETS + "/" + openId(org, ticket("[\"Sales\"]"));
        Answer badChange = patch(path, "{\"status\": \"done\", \"tags\": [\"NoSuchTag\"]}");
        assertThat(badChange.status()).as(badChange.body()).isEqualTo(422);
        assertThat(badChange.locs()).containsExactly(List.of("body", "status"), List.of("body", "tags", 0));
        assertThat(list(org, "").json().get("total").asLong()).isEqualTo(1);
    }

    @Test
    void theFirstRuleInRuleOrderWhoseTagTheTicketHasAssignsIt() {
        assertThat(ticketingSettings("""
                {"user_tickets_enabled": true, "tags": ["Billing", "Technical", "Sales"],
                 "auto_assign": [{"tag": "Sales", "assignee_email": "sam@example.com"},
                                 {"tag": "Billing", "assignee_email": "bill@example.com"}]}""").status()).isEqualTo(200);

        assertThat(open(org, ticket("[\"billing\", \"sales\"]")).json().get("assignee_email").asString()).isEqualTo("sam@example.com");
        assertThat(open(org, ticket("[\"Billing\"]")).json().get("assignee_email").asString()).isEqualTo("bill@example.com");
        assertThat(open(org, ticket("[\"Technical\"]")).json().get("assignee_email").isNull()).isTrue();
        assertThat(open(org, ticket("[]")).json().get("assignee_email").isNull()).isTrue();
    }

    @Test
    void theWidgetsPublicKeyOpensTicketsOnlyWhileUserTicketsAreEnabled() {
        Answer allowed = suite.post(TICKETS, ticket("[\"Technical\"]"), "X-Public-Key", org.publicKey());
        Answer byQuery = suite.post(TICKETS + "?public_key=" + org.publicKey(), ticket("[]"));
        assertThat(allowed.status()).as(allowed.body()).isEqualTo(201);
        assertThat(byQuery.status()).as(byQuery.body()).isEqualTo(201);

        assertThat(ticketingSettings("""
                {"user_tickets_enabled": false, "tags": ["Technical"], "auto_assign": []}""").status()).isEqualTo(200);

        Answer refused = suite.post(TICKETS, ticket("[\"Technical\"]"), "X-Public-Key", org.publicKey());
        assertThat(refused.status()).as(refused.body()).isEqualTo(403);
        assertThat(refused.json().get("detail").isString()).isTrue();
        assertThat(open(org, ticket("[\"Technical\"]")).status()).as("the data key still opens tickets").isEqualTo(201);
        assertThat(list(org, "").json().get("total").asLong()).isEqualTo(3);
    }

    @Test
    void aTicketFromTheWidgetNamesTheConversationItWasOpenedBeside() {
        Answer linked = suite.post(TICKETS, """
                {"subject": "Refund", "description": "Please call me", "email": "ada@example.com", "conversation_id": "cnv_abc123"}""",
                "X-Public-Key", org.publicKey());
        Answer malformed = suite.post(TICKETS, """
                {"subject": "Refund", "description": "Please call me", "conversation_id": "not a conversation"}""", "X-Public-Key", org.publicKey());

        assertThat(linked.status()).as(linked.body()).isEqualTo(201);
        assertThat(linked.json().get("conversation_id").asString()).isEqualTo("cnv_abc123");
        assertThat(get(org, TICKETS + "/" + linked.json().get("ticket_id").asString()).json().get("conversation_id").asString()).isEqualTo("cnv_abc123");
        assertThat(malformed.status()).isEqualTo(422);
        assertThat(malformed.json().at("/detail/0/loc").toString()).isEqualTo("[\"body\",\"conversation_id\"]");
        assertThat(open(org, ticket("[]")).json().get("conversation_id").isNull()).as("none otherwise").isTrue();
    }

    @Test
    void thePublicKeyNeitherListsNorReadsNorChangesTickets() {
        String ticketId = open(org, ticket("[]")).json().get("ticket_id").asString();

        List<Answer> answers = List.of(
                suite.get(TICKETS, "X-Public-Key", org.publicKey()),
                suite.get(TICKETS + "/" + ticketId, "X-Public-Key", org.publicKey()),
                patch(TICKETS + "/" + ticketId, "{\"status\": \"closed\"}", "X-Public-Key", org.publicKey()));

        assertThat(answers).allSatisfy(answer -> {
            assertThat(answer.status()).as(answer.body()).isEqualTo(403);
            assertThat(answer.json().get("detail").isString()).isTrue();
        });
        assertThat(suite.post(TICKETS, ticket("[]"), "X-Transactional-Key", org.transactionalKey()).status()).isEqualTo(403);
        assertThat(suite.post(TICKETS, ticket("[]")).status()).isEqualTo(401);
        assertThat(get(org, TICKETS + "/" + ticketId).json().get("status").asString()).isEqualTo("open");
    }

    @Test
    void aBrowserMayPostATicketFromAnySite() {
        Answer preflight = suite.send(HttpRequest.newBuilder(suite.gateway().resolve(TICKETS))
                .method("OPTIONS", HttpRequest.BodyPublishers.noBody()), "Origin", "https://shop.example",
                "Access-Control-Request-Method", "POST", "Access-Control-Request-Headers", "content-type,x-public-key");
        Answer posted = suite.post(TICKETS, ticket("[]"), "X-Public-Key", org.publicKey(), "Origin", "https://shop.example");

        assertThat(preflight.status()).isEqualTo(200);
        assertThat(preflight.header("Access-Control-Allow-Origin")).isIn("*", "https://shop.example");
        assertThat(preflight.header("Access-Control-Allow-Methods")).contains("POST");
        assertThat(posted.status()).as(posted.body()).isEqualTo(201);
        assertThat(posted.header("Access-Control-Allow-Origin")).isIn("*", "https://shop.example");
    }

    @Test
    void anIdempotencyKeyOpensOneTicketForTheSameRequestSentTwice() {
        String key = UUID.randomUUID().toString();
        Answer first = suite.post(TICKETS, ticket("[]"), "x-api-key", org.apiKey(), "Idempotency-Key", key);
        Answer again = suite.post(TICKETS, ticket("[]"), "x-api-key", org.apiKey(), "Idempotency-Key", key);
        Answer otherBody = suite.post(TICKETS, ticket("[\"Sales\"]"), "x-api-key", org.apiKey(), "Idempotency-Key", key);

        assertThat(first.status()).as(first.body()).isEqualTo(201);
        assertThat(again.status()).isEqualTo(201);
        assertThat(again.json()).isEqualTo(first.json());
        assertThat(again.header("Idempotent-Replay")).isEqualTo("true");
        assertThat(otherBody.status()).isEqualTo(422);
        assertThat(otherBody.locs()).containsExactly(List.of("header", "Idempotency-Key"));
        assertThat(list(org, "").json().get("total").asLong()).isEqualTo(1);
    }

    // ---- listing ----

    @Test
    void eachFilterNarrowsTheListAndTheNewestComesFirst() {
        String customerId = createCustomer(org, "lin-" + UUID.randomUUID() + "@example.com");
        String billing = openId(org, "{\"subject\": \"a\", \"description\": \"d\", \"tags\": [\"Billing\"], \"customer_id\": \"" + customerId + "\"}");
        String sales = openId(org, ticket("[\"Sales\"]"));
        String both = openId(org, ticket("[\"Sales\", \"Billing\"]"));
        assertThat(patch(TICKETS + "/" + sales, "{\"status\": \"pending\", \"assignee_email\": \"pat@example.com\"}").status()).isEqualTo(200);

        assertThat(ids(list(org, ""))).containsExactly(both, sales, billing);
        assertThat(ids(list(org, "?status=open"))).containsExactly(both, billing);
        assertThat(ids(list(org, "?status=pending"))).containsExactly(sales);
        assertThat(ids(list(org, "?status=closed"))).isEmpty();
        assertThat(ids(list(org, "?tag=billing"))).containsExactly(both, billing);
        assertThat(ids(list(org, "?tag=Sales&status=open"))).containsExactly(both);
        assertThat(ids(list(org, "?assignee_email=PAT@example.com"))).containsExactly(sales);
        assertThat(ids(list(org, "?customer_id=" + customerId))).containsExactly(billing);
    }

    @Test
    void theListIsPagedLikeTheCustomerList() {
        List<String> opened = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            opened.add(0, openId(org, ticket("[]")));
        }

        Answer first = list(org, "?page=1&page_size=2");
        Answer last = list(org, "?page=3&page_size=2");

        assertThat(first.json().get("total").asLong()).isEqualTo(5);
        assertThat(first.json().get("page").asInt()).isEqualTo(1);
        assertThat(first.json().get("page_size").asInt()).isEqualTo(2);
        assertThat(first.json().get("total_pages").asInt()).isEqualTo(3);
        assertThat(first.json().get("has_next").asBoolean()).isTrue();
        assertThat(first.json().get("has_previous").asBoolean()).isFalse();
        assertThat(ids(first)).containsExactlyElementsOf(opened.subList(0, 2));
        assertThat(ids(list(org, "?page=2&page_size=2"))).containsExactlyElementsOf(opened.subList(2, 4));
        assertThat(ids(last)).containsExactly(opened.get(4));
        assertThat(last.json().get("has_next").asBoolean()).isFalse();
        assertThat(last.json().get("has_previous").asBoolean()).isTrue();
    }

    @Test
    void invalidListParametersAreRefusedAtTheirPlace() {
        Answer answer = list(org, "?status=done&page=0&page_size=101");

        assertThat(answer.status()).as(answer.body()).isEqualTo(422);
        assertThat(answer.locs()).containsExactlyInAnyOrder(List.of("query", "status"), List.of("query", "page"), List.of("query", "page_size"));
    }

    // ---- changing ----

    @Test
    void eachFieldIsChangedOnItsOwnAndTheOthersStay() {
        JsonNode opened = open(org, ticket("[\"Sales\"]")).json();
        String path = TICKETS + "/" + opened.get("ticket_id").asString();

        JsonNode pending = patch(path, "{\"status\": \"pending\"}").json();
        assertThat(pending.get("status").asString()).isEqualTo("pending");
        assertThat(pending.get("tags")).isEqualTo(opened.get("tags"));
        assertThat(Instant.parse(pending.get("time_updated").asString())).isAfterOrEqualTo(Instant.parse(opened.get("time_updated").asString()));
        assertThat(pending.get("time_created")).isEqualTo(opened.get("time_created"));

        JsonNode retagged = patch(path, "{\"tags\": [\"bug report\", \"technical\"]}").json();
        assertThat(retagged.get("tags")).isEqualTo(Json.read("[\"Bug Report\", \"Technical\"]"));
        assertThat(retagged.get("status").asString()).isEqualTo("pending");

        JsonNode assigned = patch(path, "{\"assignee_email\": \"kim@example.com\"}").json();
        assertThat(assigned.get("assignee_email").asString()).isEqualTo("kim@example.com");
        assertThat(assigned.get("tags")).isEqualTo(retagged.get("tags"));

        JsonNode unassigned = patch(path, "{\"assignee_email\": null, \"status\": \"resolved\"}").json();
        assertThat(unassigned.get("assignee_email").isNull()).isTrue();
        assertThat(unassigned.get("status").asString()).isEqualTo("resolved");

        JsonNode unchanged = patch(path, "{}").json();
        assertThat(unchanged).isEqualTo(unassigned);
        assertThat(get(org, path).json()).isEqualTo(unassigned);
        assertThat(unassigned.get("subject")).isEqualTo(opened.get("subject"));
        assertThat(unassigned.get("description")).isEqualTo(opened.get("description"));
    }

    @Test
    void invalidChangesAreRefusedAtTheirPlaceAndChangeNothing() {
        JsonNode opened = open(org, ticket("[\"Sales\"]")).json();
        String path = TICKETS + "/" + opened.get("ticket_id").asString();
        Map<String, List<Object>> cases = new HashMap<>();
        cases.put("{\"status\": \"done\"}", List.of("body", "status"));
        cases.put("{\"status\": null}", List.of("body", "status"));
        cases.put("{\"tags\": null}", List.of("body", "tags"));
        cases.put("{\"tags\": [\"Sales\", \"Refunds\"]}", List.of("body", "tags", 1));
        cases.put("{\"tags\": [3]}", List.of("body", "tags", 0));
        cases.put("{\"assignee_email\": \"kim\"}", List.of("body", "assignee_email"));
        cases.put("{\"priority\": \"high\"}", List.of("body", "priority"));
        cases.put("{\"subject\": \"changed\"}", List.of("body", "subject"));
        cases.put("[]", List.of("body"));

        cases.forEach((body, loc) -> {
            Answer refused = patch(path, body);
            assertThat(refused.status()).as(body + " -> " + refused.body()).isEqualTo(422);
            assertThat(refused.locs()).as(body).containsExactly(loc);
        });
        assertThat(get(org, path).json()).isEqualTo(opened);
    }

    @Test
    void retaggingAssignsByTheRulesOnlyATicketWithoutAnAssignee() {
        assertThat(ticketingSettings("""
                {"user_tickets_enabled": true, "tags": ["Billing", "Sales"],
                 "auto_assign": [{"tag": "Billing", "assignee_email": "bill@example.com"}]}""").status()).isEqualTo(200);
        String unassigned = openId(org, ticket("[\"Sales\"]"));
        String assigned = openId(org, ticket("[\"Sales\"]"));
        patch(TICKETS + "/" + assigned, "{\"assignee_email\": \"kim@example.com\"}");
        String explicitlyNone = openId(org, ticket("[\"Sales\"]"));

        JsonNode nowAssigned = patch(TICKETS + "/" + unassigned, "{\"tags\": [\"Billing\"]}").json();
        JsonNode keptAssignee = patch(TICKETS + "/" + assigned, "{\"tags\": [\"Billing\"]}").json();
        JsonNode keptNone = patch(TICKETS + "/" + explicitlyNone, "{\"tags\": [\"Billing\"], \"assignee_email\": null}").json();

        assertThat(nowAssigned.get("assignee_email").asString()).isEqualTo("bill@example.com");
        assertThat(keptAssignee.get("assignee_email").asString()).isEqualTo("kim@example.com");
        assertThat(keptNone.get("assignee_email").isNull()).isTrue();
    }

    // ---- isolation ----

    @Test
    void anotherOrganizationsTicketIsNotFoundAndNotListed() {
        String ticketId = openId(org, ticket("[]"));
        RunningSuite.Organization other = suite.createOrganization("Tickets other " + UUID.randomUUID());

        Answer read = get(other, TICKETS + "/" + ticketId);
        Answer changed = patch(TICKETS + "/" + ticketId, "{\"status\": \"closed\"}", "x-api-key", other.apiKey());
        Answer unknown = get(org, TICKETS + "/" + UUID.randomUUID());

        for (Answer answer : List.of(read, changed, unknown)) {
            assertThat(answer.status()).as(answer.body()).isEqualTo(404);
            assertThat(answer.json()).isEqualTo(Json.read("{\"detail\": \"Ticket not found\"}"));
        }
        assertThat(list(other, "").json().get("total").asLong()).isZero();
        assertThat(get(org, TICKETS + "/" + ticketId).json().get("status").asString()).isEqualTo("open");
    }

    // ---- events ----

    @Test
    void openingAndChangingATicketArePublishedKeyedByTicket() {
        try (TopicReader tickets = new TopicReader(suite.infrastructure.kafkaBootstrapServers(), Topics.TICKET)) {
            JsonNode opened = open(org, ticket("[\"Sales\"]")).json();
            String ticketId = opened.get("ticket_id").asString();
            JsonNode changed = patch(TICKETS + "/" + ticketId, "{\"status\": \"closed\"}").json();

            List<ConsumerRecord<String, String>> published = tickets.awaitMatching(record -> record.key().equals(org.id() + ":" + ticketId), 2);

            JsonNode created = TopicReader.json(published.get(0));
            JsonNode updated = TopicReader.json(published.get(1));
            assertThat(created.get("type").asString()).isEqualTo("ticket.created");
            assertThat(created.get("org_id").asLong()).isEqualTo(org.id());
            assertThat(created.get("data")).isEqualTo(opened);
            assertThat(updated.get("type").asString()).isEqualTo("ticket.updated");
            assertThat(updated.get("data")).isEqualTo(changed);
            assertThat(created.get("id").asString()).isNotEqualTo(updated.get("id").asString());
        }
    }

    // ---- erasure ----

    @Test
    void erasingACustomerDeletesTheTicketsThatNameThemByIdOrEmail() {
        String email = "erin-" + UUID.randomUUID() + "@example.com";
        String customerId = createCustomer(org, email);
        String someoneElse = createCustomer(org, "other-" + UUID.randomUUID() + "@example.com");
        String byId = openId(org, "{\"subject\": \"Erin's card\", \"description\": \"my card ends 4242\", \"customer_id\": \"" + customerId + "\"}");
        String byEmail = openId(org, "{\"subject\": \"Erin again\", \"description\": \"d\", \"email\": \"" + email.toUpperCase() + "\"}");
        String kept = openId(org, "{\"subject\": \"Other\", \"description\": \"d\", \"customer_id\": \"" + someoneElse + "\"}");

        Answer erased = suite.delete("/external/v1/customers/" + customerId, "x-api-key", org.apiKey());

        assertThat(erased.status()).as(erased.body()).isEqualTo(204);
        assertThat(get(org, TICKETS + "/" + byId).status()).isEqualTo(404);
        assertThat(get(org, TICKETS + "/" + byEmail).status()).isEqualTo(404);
        assertThat(ids(list(org, "?customer_id=" + customerId))).isEmpty();
        assertThat(ids(list(org, ""))).containsExactly(kept);
        assertThat(mongo.getDatabase("engagement_customer").getCollection("tickets")
                .countDocuments(Filters.or(Filters.eq("customer_id", customerId), Filters.regex("email", "^" + email + "$", "i"))))
                .isZero();
    }

    // ---- helpers ----

    private static String ticket(String tags) {
        return "{\"subject\": \"Help\", \"description\": \"Something is wrong\", \"tags\": " + tags + "}";
    }

    private Answer open(RunningSuite.Organization owner, String body) {
        return suite.post(TICKETS, body, "x-api-key", owner.apiKey());
    }

    private String openId(RunningSuite.Organization owner, String body) {
        Answer created = open(owner, body);
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        return created.json().get("ticket_id").asString();
    }

    private Answer get(RunningSuite.Organization owner, String path) {
        return suite.get(path, "x-api-key", owner.apiKey());
    }

    private Answer list(RunningSuite.Organization owner, String query) {
        return suite.get(TICKETS + query, "x-api-key", owner.apiKey());
    }

    private Answer ticketingSettings(String body) {
        return suite.put(TICKETING_SETTINGS, body, "x-api-key", org.apiKey());
    }

    private Answer patch(String path, String body) {
        Answer answer = patch(path, body, "x-api-key", org.apiKey());
        return answer;
    }

    private Answer patch(String path, String body, String... headers) {
        return suite.send(HttpRequest.newBuilder(suite.gateway().resolve(path))
                .header("Content-Type", "application/json")
                .method("PATCH", HttpRequest.BodyPublishers.ofString(body)), headers);
    }

    private static List<String> ids(Answer page) {
        assertThat(page.status()).as(page.body()).isEqualTo(200);
        return page.json().get("data").valueStream().map(ticket -> ticket.get("ticket_id").asString()).toList();
    }

    private String createCustomer(RunningSuite.Organization owner, String email) {
        Answer created = suite.post("/external/v1/customers", Json.write(Map.of("name", "Ticket Person", "email", email, "source", "web")),
                "x-api-key", owner.apiKey());
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        return created.json().get("customer_id").asString();
    }
}
