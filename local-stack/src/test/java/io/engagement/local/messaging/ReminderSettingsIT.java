package io.engagement.local.messaging;

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

import static org.assertj.core.api.Assertions.assertThat;

/** {@code /external/v1/settings/reminders} through the gateway: defaults, whole replacement, every fault, the change event. */
class ReminderSettingsIT {

    private static final String SETTINGS = "/external/v1/settings/reminders";
    private static final String DEFAULTS = "{\"enabled\": false, \"intervals_minutes\": [60, 1440], \"channels\": [\"email\"]}";

    private final RunningSuite suite = RunningSuite.get();
    private final RunningSuite.Organization org = suite.createOrganization("Reminders " + UUID.randomUUID());

    @Test
    void anOrganizationStartsWithRemindersOffAndTheDefaultSchedule() {
        Answer answer = suite.get(SETTINGS, "x-api-key", org.apiKey());

        assertThat(answer.status()).isEqualTo(200);
        assertThat(answer.json()).isEqualTo(Json.read(DEFAULTS));
    }

    @Test
    void aValidPutReplacesTheSettingsAndLeavesOtherOrganizationsAlone() {
        RunningSuite.Organization other = suite.createOrganization("Reminders other " + UUID.randomUUID());
        String changed = "{\"enabled\": true, \"intervals_minutes\": [1, 30, 10080], \"channels\": [\"whatsapp\", \"sms\", \"push\", \"email\"]}";

        Answer put = put(org, changed);

        assertThat(put.status()).isEqualTo(200);
        assertThat(put.json()).isEqualTo(Json.read(changed));
        assertThat(suite.get(SETTINGS, "x-api-key", org.apiKey()).json()).isEqualTo(Json.read(changed));
        assertThat(suite.get(SETTINGS, "x-api-key", other.apiKey()).json()).isEqualTo(Json.read(DEFAULTS));
    }

    @Test
    void eachChangeIsPublishedOnTheMessagingSettingsTopic() {
        String changed = "{\"enabled\": true, \"intervals_minutes\": [15], \"channels\": []}";
        try (TopicReader topic = new TopicReader(suite.infrastructure.kafkaBootstrapServers(), Topics.MESSAGING_SETTINGS)) {
            assertThat(put(org, changed).status()).isEqualTo(200);

            List<ConsumerRecord<String, String>> published = topic.awaitMatching(
                    record -> record.key().equals(org.id() + ":settings-reminders"), 1);

            JsonNode event = TopicReader.json(published.get(0));
            assertThat(event.get("type").asString()).isEqualTo("settings.reminders.changed");
            assertThat(event.get("org_id").asLong()).isEqualTo(org.id());
            assertThat(event.get("data")).isEqualTo(Json.read(changed));
        }
    }

    @Test
    void everyFaultIsReportedAtItsOwnLocation() {
        Answer refused = put(org, "{\"enabled\": \"maybe\", \"intervals_minutes\": [60, 0, 20000], \"channels\": [\"email\", \"fax\"], \"snooze\": 5}");

        assertThat(refused.status()).isEqualTo(422);
        assertThat(refused.locs()).containsExactlyInAnyOrder(List.of("body", "enabled"), List.of("body", "intervals_minutes", 1),
                List.of("body", "intervals_minutes", 2), List.of("body", "channels", 1), List.of("body", "snooze"));
        assertThat(refused.json().get("detail").findValuesAsString("type"))
                .containsExactlyInAnyOrder("bool_parsing", "greater_than_equal", "less_than_equal", "literal_error", "extra_forbidden");
        assertThat(suite.get(SETTINGS, "x-api-key", org.apiKey()).json()).isEqualTo(Json.read(DEFAULTS));
    }

    @Test
    void intervalsMustBeStrictlyAscendingAndChannelsMustNotRepeat() {
        Answer refused = put(org, "{\"enabled\": true, \"intervals_minutes\": [60, 30, 30, 90], \"channels\": [\"sms\", \"email\", \"sms\"]}");

        assertThat(refused.status()).isEqualTo(422);
        assertThat(refused.locs()).containsExactlyInAnyOrder(List.of("body", "intervals_minutes", 1),
                List.of("body", "intervals_minutes", 2), List.of("body", "channels", 2));
        assertThat(refused.json().get("detail").findValuesAsString("type")).containsOnly("value_error");
    }

    @Test
    void aScheduleOfNoneOrMoreThanTenIntervalsAndMissingFieldsAreRefused() {
        Answer empty = put(org, "{\"enabled\": true, \"intervals_minutes\": [], \"channels\": [\"email\"]}");
        Answer tooMany = put(org, "{\"enabled\": true, \"intervals_minutes\": [1,2,3,4,5,6,7,8,9,10,11], \"channels\": [\"email\"]}");
        Answer missing = put(org, "{}");
        Answer notJson = put(org, "enabled");

        assertThat(empty.status()).isEqualTo(422);
        assertThat(empty.locs()).containsExactly(List.of("body", "intervals_minutes"));
        assertThat(tooMany.status()).isEqualTo(422);
        assertThat(tooMany.locs()).containsExactly(List.of("body", "intervals_minutes"));
        assertThat(missing.status()).isEqualTo(422);
        assertThat(missing.locs()).containsExactlyInAnyOrder(List.of("body", "enabled"), List.of("body", "intervals_minutes"),
                List.of("body", "channels"));
        assertThat(notJson.status()).isEqualTo(422);
        assertThat(notJson.locs()).containsExactly(List.of("body"));
    }

    @Test
    void theSettingsTakeADataKey() {
        Answer transactional = suite.get(SETTINGS, "X-Transactional-Key", org.transactionalKey());
        Answer none = suite.get(SETTINGS);

        assertThat(transactional.status()).isEqualTo(403);
        assertThat(none.status()).isEqualTo(401);
    }

    private Answer put(RunningSuite.Organization who, String body) {
        return suite.put(SETTINGS, body, "x-api-key", who.apiKey());
    }
}
