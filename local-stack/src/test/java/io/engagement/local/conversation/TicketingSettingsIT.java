package io.engagement.local.conversation;

import io.engagement.local.support.Answer;
import io.engagement.local.support.Json;
import io.engagement.local.support.RunningSuite;
import io.engagement.local.support.TopicReader;
import io.engagement.platform.event.Topics;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import java.util.List;
import java.util.UUID;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import static io.engagement.local.support.Routes.TICKETING_SETTINGS;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code /external/v1/settings/ticketing} through the gateway: the defaults on first read, a whole
 * replacement after every field is checked (one 422 fault per wrong field, located), tags unique
 * whatever their case, auto-assignment rules only for configured tags, and each change on Kafka.
 */
class TicketingSettingsIT {

    static final String DEFAULTS = """
            {"user_tickets_enabled": true, "tags": ["Billing", "Technical", "Sales", "Bug Report"], "auto_assign": []}""";

    private final RunningSuite suite = RunningSuite.get();
    private final RunningSuite.Organization org = suite.createOrganization("Ticketing " + UUID.randomUUID());

    @Test
    void anOrganizationStartsWithTheDefaultTagsAndWidgetTicketsEnabled() {
        Answer answer = suite.get(TICKETING_SETTINGS, "x-api-key", org.apiKey());

        assertThat(answer.status()).as(answer.body()).isEqualTo(200);
        assertThat(answer.json()).isEqualTo(Json.read(DEFAULTS));
    }

    @Test
    void aValidPutReplacesTheSettingsKeepsRuleTagsInTheTagsSpellingAndLeavesOtherOrganizationsAlone() {
        RunningSuite.Organization other = suite.createOrganization("Ticketing other " + UUID.randomUUID());

        Answer put = put(org, """
                {"user_tickets_enabled": false, "tags": ["Refunds", "  Onboarding  ", "Bug Report"],
                 "auto_assign": [{"tag": "refunds", "assignee_email": "rita@example.com"},
                                 {"tag": "Bug Report", "assignee_email": "dev@example.com"}]}""");

        JsonNode expected = Json.read("""
                {"user_tickets_enabled": false, "tags": ["Refunds", "Onboarding", "Bug Report"],
                 "auto_assign": [{"tag": "Refunds", "assignee_email": "rita@example.com"},
                                 {"tag": "Bug Report", "assignee_email": "dev@example.com"}]}""");
        assertThat(put.status()).as(put.body()).isEqualTo(200);
        assertThat(put.json()).isEqualTo(expected);
        assertThat(suite.get(TICKETING_SETTINGS, "x-api-key", org.apiKey()).json()).isEqualTo(expected);
        assertThat(suite.get(TICKETING_SETTINGS, "x-api-key", other.apiKey()).json()).isEqualTo(Json.read(DEFAULTS));
    }

    @Test
    void eachChangeIsPublishedAsSettingsTicketingChanged() {
        String changed = """
                {"user_tickets_enabled": true, "tags": ["Billing"], "auto_assign": [{"tag": "Billing", "assignee_email": "bill@example.com"}]}""";
        try (TopicReader tickets = new TopicReader(suite.infrastructure.kafkaBootstrapServers(), Topics.TICKET)) {
            assertThat(put(org, changed).status()).isEqualTo(200);

            List<ConsumerRecord<String, String>> published = tickets.awaitMatching(
                    record -> record.key().equals(org.id() + ":settings-ticketing"), 1);

            JsonNode event = TopicReader.json(published.get(0));
            assertThat(event.get("type").asString()).isEqualTo("settings.ticketing.changed");
            assertThat(event.get("org_id").asLong()).isEqualTo(org.id());
            assertThat(event.get("data")).isEqualTo(Json.read(changed));
        }
    }

    @Test
    void aFieldOfTheWrongTypeIsRefusedAtThatField() {
        Answer answer = put(org, """
                {"user_tickets_enabled": "sometimes", "tags": "Billing", "auto_assign": {"tag": "Billing"}}""");

        assertThat(answer.status()).as(answer.body()).isEqualTo(422);
        assertThat(answer.locs()).containsExactly(List.of("body", "user_tickets_enabled"), List.of("body", "tags"),
                List.of("body", "auto_assign"));
        assertThat(types(answer)).containsExactly("bool_parsing", "list_type", "list_type");
        assertUnchanged();
    }

    @Test
    void missingAndUnknownFieldsAreRefused() {
        Answer answer = put(org, """
                {"tags": ["Billing"], "colour": "blue"}""");

        assertThat(answer.status()).as(answer.body()).isEqualTo(422);
        assertThat(answer.locs()).containsExactly(List.of("body", "user_tickets_enabled"), List.of("body", "auto_assign"),
                List.of("body", "colour"));
        assertThat(types(answer)).containsExactly("missing", "missing", "extra_forbidden");
        assertUnchanged();
    }

    @Test
    void aTagMustHoldOneToFortyCharacters() {
        Answer answer = put(org, """
                {"user_tickets_enabled": true, "tags": ["%s", "   ", "Sales", 7], "auto_assign": []}""".formatted("x".repeat(41)));

        assertThat(answer.status()).as(answer.body()).isEqualTo(422);
        assertThat(answer.locs()).containsExactly(List.of("body", "tags", 0), List.of("body", "tags", 1), List.of("body", "tags", 3));
        assertThat(types(answer)).containsExactly("string_too_long", "string_too_short", "string_type");
        assertUnchanged();
    }

    @Test
    void atMostOneHundredTagsAreKept() {
        String tags = IntStream.rangeClosed(1, 101).mapToObj(i -> "\"Tag " + i + "\"").collect(Collectors.joining(", "));
        Answer tooMany = put(org, "{\"user_tickets_enabled\": true, \"tags\": [" + tags + "], \"auto_assign\": []}");
        String hundred = IntStream.rangeClosed(1, 100).mapToObj(i -> "\"Tag " + i + "\"").collect(Collectors.joining(", "));

        assertThat(tooMany.status()).as(tooMany.body()).isEqualTo(422);
        assertThat(tooMany.locs()).containsExactly(List.of("body", "tags"));
        assertThat(types(tooMany)).containsExactly("too_long");
        assertUnchanged();
        Answer allowed = put(org, "{\"user_tickets_enabled\": true, \"tags\": [" + hundred + "], \"auto_assign\": []}");
        assertThat(allowed.status()).as(allowed.body()).isEqualTo(200);
        assertThat(allowed.json().get("tags").size()).isEqualTo(100);
    }

    @Test
    void tagsAreUniqueIgnoringCaseAndTheFaultSitsAtTheLaterOne() {
        Answer answer = put(org, """
                {"user_tickets_enabled": true, "tags": ["Billing", "Sales", "BILLING", " sales "], "auto_assign": []}""");

        assertThat(answer.status()).as(answer.body()).isEqualTo(422);
        assertThat(answer.locs()).containsExactly(List.of("body", "tags", 2), List.of("body", "tags", 3));
        assertThat(types(answer)).containsExactly("value_error", "value_error");
        assertThat(answer.json().get("detail").get(0).get("input").asString()).isEqualTo("BILLING");
        assertUnchanged();
    }

    @Test
    void anAutoAssignRuleMustNameOneOfTheTagsAndTheFaultNamesTheRule() {
        Answer answer = put(org, """
                {"user_tickets_enabled": true, "tags": ["Billing", "Sales"],
                 "auto_assign": [{"tag": "sales", "assignee_email": "sam@example.com"},
                                 {"tag": "Technical", "assignee_email": "tech@example.com"}]}""");

        assertThat(answer.status()).as(answer.body()).isEqualTo(422);
        assertThat(answer.locs()).containsExactly(List.of("body", "auto_assign", 1, "tag"));
        assertThat(types(answer)).containsExactly("value_error");
        assertThat(answer.json().get("detail").get(0).get("input").asString()).isEqualTo("Technical");
        assertUnchanged();
    }

    @Test
    void anAutoAssignRuleNeedsATagAValidAddressAndNothingElse() {
        Answer answer = put(org, """
                {"user_tickets_enabled": true, "tags": ["Billing", "Sales"],
                 "auto_assign": [{"tag": "Sales", "assignee_email": "not an address"},
                                 {"assignee_email": "x@example.com"},
                                 {"tag": "Billing", "assignee_email": "b@example.com", "priority": 1},
                                 "Billing"]}""");

        assertThat(answer.status()).as(answer.body()).isEqualTo(422);
        assertThat(answer.locs()).containsExactly(List.of("body", "auto_assign", 0, "assignee_email"),
                List.of("body", "auto_assign", 1, "tag"), List.of("body", "auto_assign", 2, "priority"),
                List.of("body", "auto_assign", 3));
        assertThat(types(answer)).containsExactly("value_error", "missing", "extra_forbidden", "model_attributes_type");
        assertUnchanged();
    }

    @Test
    void aRuleForATagOfTheDefaultsIsRefusedOnceThatTagIsGone() {
        Answer answer = put(org, """
                {"user_tickets_enabled": true, "tags": ["Sales"], "auto_assign": [{"tag": "Billing", "assignee_email": "b@example.com"}]}""");

        assertThat(answer.status()).as(answer.body()).isEqualTo(422);
        assertThat(answer.locs()).containsExactly(List.of("body", "auto_assign", 0, "tag"));
    }

    @Test
    void theSettingsTakeOnlyTheDataKey() {
        Answer withPublic = suite.get(TICKETING_SETTINGS, "X-Public-Key", org.publicKey());
        Answer withNone = suite.get(TICKETING_SETTINGS);

        assertThat(withPublic.status()).isEqualTo(403);
        assertThat(withPublic.json().get("detail").isString()).isTrue();
        assertThat(withNone.status()).isEqualTo(401);
    }

    private void assertUnchanged() {
        assertThat(suite.get(TICKETING_SETTINGS, "x-api-key", org.apiKey()).json()).isEqualTo(Json.read(DEFAULTS));
    }

    private static List<String> types(Answer answer) {
        return answer.json().get("detail").valueStream().map(fault -> fault.get("type").asString()).toList();
    }

    private Answer put(RunningSuite.Organization org, String body) {
        return suite.put(TICKETING_SETTINGS, body, "x-api-key", org.apiKey());
    }
}
