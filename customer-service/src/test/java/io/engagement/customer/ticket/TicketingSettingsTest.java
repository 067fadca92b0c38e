package io.engagement.customer.ticket;

import io.engagement.customer.ticket.TicketingSettings.AutoAssignRule;
import io.engagement.platform.error.ErrorDetail;
import io.engagement.platform.validation.Loc;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class TicketingSettingsTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final TicketingSettings settings = new TicketingSettings(true, List.of("Billing", "Sales", "Bug Report"), List.of(
            new AutoAssignRule("Sales", "sam@example.com"), new AutoAssignRule("Billing", "bill@example.com")));

    @Test
    void theDefaultTagsPassTheSchema() {
        assertThat(faults("""
                {"user_tickets_enabled": true, "tags": ["Billing", "Technical", "Sales", "Bug Report"], "auto_assign": []}""")).isEmpty();
        assertThat(TicketingSettings.DEFAULTS.tags()).containsExactly("Billing", "Technical", "Sales", "Bug Report");
    }

    @Test
    void tagsEqualIgnoringCaseAreAValueErrorAtEachLaterOne() {
        List<ErrorDetail> faults = faults("""
                {"user_tickets_enabled": true, "tags": ["Billing", "billing", "Sales", " BILLING "], "auto_assign": []}""");

        assertThat(faults).extracting(ErrorDetail::loc).containsExactly(List.of("body", "tags", 1), List.of("body", "tags", 3));
        assertThat(faults).extracting(ErrorDetail::type).containsOnly("value_error");
    }

    @Test
    void aRuleForATagNotInTagsIsAValueErrorAtTheRulesTag() {
        List<ErrorDetail> faults = faults("""
                {"user_tickets_enabled": true, "tags": ["Billing"],
                 "auto_assign": [{"tag": "BILLING", "assignee_email": "a@example.com"}, {"tag": "Sales", "assignee_email": "b@example.com"}]}""");

        assertThat(faults).extracting(ErrorDetail::loc).containsExactly(List.of("body", "auto_assign", 1, "tag"));
    }

    @Test
    void aRuleTagMatchedIgnoringCaseTakesTheTagsSpelling() {
        JsonNode accepted = TicketingSettings.SCHEMA.apply(JSON.readTree("""
                {"user_tickets_enabled": true, "tags": ["Bug Report"], "auto_assign": [{"tag": "bug report", "assignee_email": "a@example.com"}]}"""),
                Loc.body(), new ArrayList<>());

        assertThat(accepted.at("/auto_assign/0/tag").asString()).isEqualTo("Bug Report");
    }

    @Test
    void aTicketsTagsTakeTheConfiguredSpellingOnceEach() {
        List<ErrorDetail> errors = new ArrayList<>();

        List<String> tags = settings.ticketTags(List.of("sales", "BUG REPORT", "Sales"), Loc.body().field("tags"), errors);

        assertThat(errors).isEmpty();
        assertThat(tags).containsExactly("Sales", "Bug Report");
    }

    @Test
    void eachUnknownTicketTagIsReportedAtItsIndex() {
        List<ErrorDetail> errors = new ArrayList<>();

        settings.ticketTags(List.of("Refunds", "Sales", "Other"), Loc.body().field("tags"), errors);

        assertThat(errors).extracting(ErrorDetail::loc).containsExactly(List.of("body", "tags", 0), List.of("body", "tags", 2));
    }

    @Test
    void theFirstRuleInRuleOrderWhoseTagTheTicketHasGivesTheAssignee() {
        assertThat(settings.assigneeFor(List.of("Billing", "Sales"))).contains("sam@example.com");
        assertThat(settings.assigneeFor(List.of("Billing"))).contains("bill@example.com");
        assertThat(settings.assigneeFor(List.of("Bug Report"))).isEmpty();
        assertThat(settings.assigneeFor(List.of())).isEmpty();
    }

    private static List<ErrorDetail> faults(String body) {
        List<ErrorDetail> errors = new ArrayList<>();
        TicketingSettings.SCHEMA.apply(JSON.readTree(body), Loc.body(), errors);
        return errors;
    }
}
