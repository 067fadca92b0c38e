package io.engagement.local.conversation;

import io.engagement.local.support.Answer;
import io.engagement.local.support.Json;
import io.engagement.local.support.RunningSuite;
import io.engagement.local.support.TopicReader;
import io.engagement.platform.event.Topics;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Support hours through the gateway: the settings with each refused body, and whether support is
 * open at chosen instants, daylight-saving days included. One fresh organization per test.
 */
class SupportHoursIT {

    private static final String SETTINGS = "/external/v1/settings/support-hours";
    private static final String STATUS = SETTINGS + "/status";
    private static final String NINE_TO_FIVE = "[{\"start\": \"09:00\", \"end\": \"17:00\"}]";
    private static final String DEFAULTS = """
            {"timezone": "UTC", "schedule": {"monday": %1$s, "tuesday": %1$s, "wednesday": %1$s, "thursday": %1$s,
              "friday": %1$s, "saturday": [], "sunday": []}, "days_off": []}""".formatted(NINE_TO_FIVE);
    /**
     * New York moves its clocks from 02:00 EST to 03:00 EDT on Sunday 8 March 2026: that Sunday's
     * slot from 01:00 to 04:00 lasts two real hours, 06:00Z to 08:00Z; the one from 09:00 to 17:00 is
     * 13:00Z to 21:00Z, where the Sunday before it was 14:00Z to 22:00Z.
     */
    private static final String NEW_YORK = """
            {"timezone": "America/New_York", "days_off": ["2026-12-25"], "schedule": {"monday": %1$s, "tuesday": %1$s,
              "wednesday": %1$s, "thursday": %1$s, "friday": %1$s, "saturday": [],
              "sunday": [{"start": "01:00", "end": "04:00"}, {"start": "09:00", "end": "17:00"}]}}""".formatted(NINE_TO_FIVE);

    private final RunningSuite suite = RunningSuite.get();
    private final RunningSuite.Organization org = suite.createOrganization("Support hours " + UUID.randomUUID());

    @Test
    void anOrganizationStartsWithWeekdaysNineToFiveUtc() {
        Answer answer = suite.get(SETTINGS, "x-api-key", org.apiKey());

        assertThat(answer.status()).isEqualTo(200);
        assertThat(answer.json()).isEqualTo(Json.read(DEFAULTS));
    }

    @Test
    void aValidPutReplacesTheHoursAndLeavesOtherOrganizationsWithTheirOwnDefaults() {
        RunningSuite.Organization other = suite.createOrganization("Support hours other " + UUID.randomUUID());

        Answer put = put(NEW_YORK);

        assertThat(put.status()).as(put.body()).isEqualTo(200);
        assertThat(put.json()).isEqualTo(Json.read(NEW_YORK));
        assertThat(suite.get(SETTINGS, "x-api-key", org.apiKey()).json()).isEqualTo(Json.read(NEW_YORK));
        assertThat(suite.get(SETTINGS, "x-api-key", other.apiKey()).json()).isEqualTo(Json.read(DEFAULTS));
        assertThat(status(other, "2026-03-08T14:00:00Z").json()).isEqualTo(Json.read("{\"open\": false, \"next_change_at\": \"2026-03-09T09:00:00Z\"}"));
    }

    @Test
    void eachInvalidFieldIsOneFaultAtItsOwnLocAndNothingIsWritten() {
        Answer answer = put("""
                {"timezone": "Europe/Atlantis", "days_off": ["2026-12-25", "2026-13-01"], "schedule": {
                  "monday": [{"start": "17:00", "end": "09:00"}], "tuesday": [{"start": "9:00", "end": "17:00"}],
                  "wednesday": [{"start": "09:00", "end": "13:00"}, {"start": "12:00", "end": "17:00"}],
                  "thursday": "09:00-17:00", "friday": [], "saturday": []}}""");

        assertThat(answer.status()).isEqualTo(422);
        assertThat(answer.locs()).containsExactly(List.of("body", "timezone"),
                List.of("body", "schedule", "monday", 0, "end"), List.of("body", "schedule", "tuesday", 0, "start"),
                List.of("body", "schedule", "wednesday", 1), List.of("body", "schedule", "thursday"),
                List.of("body", "schedule", "sunday"), List.of("body", "days_off", 1));
        assertThat(answer.json().get("detail").valueStream().map(fault -> fault.get("type").asString()).toList()).containsExactly(
                "value_error", "value_error", "string_pattern_mismatch", "value_error", "list_type", "missing",
                "date_from_datetime_parsing");
        assertThat(answer.json().at("/detail/0/msg").asString())
                .isEqualTo("Value error, unknown time zone, expected an IANA name such as Europe/Berlin");
        assertThat(answer.json().at("/detail/1/msg").asString()).isEqualTo("Value error, end must be after start");
        assertThat(answer.json().at("/detail/3/msg").asString()).isEqualTo("Value error, slot overlaps 09:00-13:00");
        assertThat(suite.get(SETTINGS, "x-api-key", org.apiKey()).json()).isEqualTo(Json.read(DEFAULTS));
    }

    @Test
    void anUnknownFieldIsExtraForbidden() {
        ObjectNode body = (ObjectNode) Json.read(DEFAULTS);
        body.put("holidays", "none");

        Answer answer = put(body.toString());

        assertThat(answer.status()).isEqualTo(422);
        assertThat(answer.json()).isEqualTo(Json.read("""
                {"detail": [{"type": "extra_forbidden", "loc": ["body", "holidays"], "msg": "Extra inputs are not permitted",
                  "input": "none"}]}"""));
    }

    @Test
    void eachChangeIsPublishedKeyedByTheOrganization() {
        try (TopicReader customerTopic = new TopicReader(suite.infrastructure.kafkaBootstrapServers(), Topics.CUSTOMER)) {
            assertThat(put(NEW_YORK).status()).isEqualTo(200);

            List<ConsumerRecord<String, String>> published = customerTopic.awaitMatching(
                    record -> record.key().equals(org.id() + ":settings-support-hours"), 1);

            JsonNode event = TopicReader.json(published.get(0));
            assertThat(event.get("type").asString()).isEqualTo("settings.support_hours.changed");
            assertThat(event.get("org_id").asLong()).isEqualTo(org.id());
            assertThat(event.get("data")).isEqualTo(Json.read(NEW_YORK));
        }
    }

    @Test
    void onTheSpringForwardDayASlotKeepsItsWallClockTimes() {
        assertThat(put(NEW_YORK).status()).isEqualTo(200);

        assertStatus("2026-03-08T05:59:00Z", false, "2026-03-08T06:00:00Z");
        // 01:59 EST, a minute before the clocks jump
        assertStatus("2026-03-08T06:59:00Z", true, "2026-03-08T08:00:00Z");
        // 03:00 EDT: still open, until 04:00 EDT
        assertStatus("2026-03-08T07:00:00Z", true, "2026-03-08T08:00:00Z");
        assertStatus("2026-03-08T08:00:00Z", false, "2026-03-08T13:00:00Z");
        // 08:59 and 09:00 EDT
        assertStatus("2026-03-08T12:59:00Z", false, "2026-03-08T13:00:00Z");
        assertStatus("2026-03-08T13:00:00Z", true, "2026-03-08T21:00:00Z");
        // a week before, 09:00 was EST
        assertStatus("2026-03-01T13:59:00Z", false, "2026-03-01T14:00:00Z");
    }

    /** Berlin moves its clocks from 03:00 CEST back to 02:00 CET on Sunday 25 October 2026. */
    @Test
    void onTheFallBackDayTheRepeatedHourDoesNotReopenASlotThatEndedInIt() {
        assertThat(put("""
                {"timezone": "Europe/Berlin", "days_off": [], "schedule": {"monday": [], "tuesday": [], "wednesday": [],
                  "thursday": [], "friday": [], "saturday": [], "sunday": [{"start": "00:00", "end": "02:30"}]}}""").status())
                .isEqualTo(200);

        // 02:29 CEST, then 02:15 CET an hour later by the clock's second pass
        assertStatus("2026-10-25T00:29:00Z", true, "2026-10-25T00:30:00Z");
        assertStatus("2026-10-25T01:15:00Z", false, "2026-10-31T23:00:00Z");
    }

    @Test
    void aDayOffIsClosedAllDayAndEveryDayClosedNeverChanges() {
        assertThat(put(NEW_YORK).status()).isEqualTo(200);
        // Friday 25 December at noon in New York; Saturday is closed, Sunday opens at 01:00 EST
        assertStatus("2026-12-25T17:00:00Z", false, "2026-12-27T06:00:00Z");

        assertThat(put("""
                {"timezone": "UTC", "days_off": [], "schedule": {"monday": [], "tuesday": [], "wednesday": [],
                  "thursday": [], "friday": [], "saturday": [], "sunday": []}}""").status()).isEqualTo(200);
        Answer never = status(org, "2026-12-25T17:00:00Z");

        assertThat(never.json()).isEqualTo(Json.read("{\"open\": false, \"next_change_at\": null}"));
    }

    @Test
    void theStatusIsNowWithoutAtAndABadAtIsA422() {
        Answer now = suite.get(STATUS, "x-api-key", org.apiKey());
        Answer bad = suite.get(STATUS + "?at=next-tuesday", "x-api-key", org.apiKey());

        assertThat(now.status()).isEqualTo(200);
        assertThat(now.json().get("open").isBoolean()).isTrue();
        assertThat(Instant.parse(now.json().get("next_change_at").asString())).isAfter(Instant.now().minusSeconds(60));
        assertThat(bad.status()).isEqualTo(422);
        assertThat(bad.json()).isEqualTo(Json.read("""
                {"detail": [{"type": "datetime_parsing", "loc": ["query", "at"],
                  "msg": "Input should be a valid datetime, invalid datetime format", "input": "next-tuesday",
                  "ctx": {"error": "invalid datetime format"}}]}"""));
    }

    @Test
    void thePublicKeyMayNotReadOrChangeTheSupportHours() {
        assertThat(suite.get(SETTINGS, "X-Public-Key", org.publicKey()).status()).isEqualTo(403);
        assertThat(suite.get(STATUS, "X-Public-Key", org.publicKey()).status()).isEqualTo(403);
        assertThat(suite.get(STATUS).status()).isEqualTo(401);
    }

    private void assertStatus(String at, boolean open, String nextChangeAt) {
        Answer answer = status(org, at);

        assertThat(answer.status()).as(answer.body()).isEqualTo(200);
        assertThat(answer.json().get("open").asBoolean()).as("open at " + at).isEqualTo(open);
        assertThat(Instant.parse(answer.json().get("next_change_at").asString())).as("next change after " + at)
                .isEqualTo(Instant.parse(nextChangeAt));
    }

    private Answer status(RunningSuite.Organization organization, String at) {
        return suite.get(STATUS + "?at=" + at, "x-api-key", organization.apiKey());
    }

    private Answer put(String body) {
        return suite.put(SETTINGS, body, "x-api-key", org.apiKey());
    }
}
