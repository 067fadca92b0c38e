package io.engagement.local.alert;

import io.engagement.local.support.Alerts;
import io.engagement.local.support.Answer;
import io.engagement.local.support.Json;
import io.engagement.local.support.RunningSuite;
import io.engagement.local.support.TopicReader;
import io.engagement.platform.event.Topics;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

import java.util.List;
import java.util.UUID;

import static io.engagement.local.support.Routes.ALERT_TRIGGER_SETTINGS;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code /external/v1/settings/alert-triggers} through the gateway: defaults on first read, whole
 * replacement after validation with one fault per field, isolation between organizations, and each
 * change as an event on the alert topic.
 */
class AlertTriggerSettingsIT {

    static final List<String> TRIGGERS = List.of("technical_assistance", "api_failure", "re_engagement", "billing_abandonment",
            "slow_failing_actions", "upsell", "onboarding", "feature_discovery");

    private final RunningSuite suite = RunningSuite.get();
    private final Alerts org = new Alerts(suite, suite.createOrganization("Trigger settings " + UUID.randomUUID()));

    @Test
    void anOrganizationStartsWithEveryTriggerOffAtSeventyWithAMessage() {
        Answer answer = org.get(ALERT_TRIGGER_SETTINGS);

        assertThat(answer.status()).isEqualTo(200);
        JsonNode settings = answer.json();
        assertThat(settings.propertyNames()).containsExactlyInAnyOrderElementsOf(
                java.util.stream.Stream.concat(TRIGGERS.stream(), java.util.stream.Stream.of("quiet_hours")).toList());
        for (String trigger : TRIGGERS) {
            assertThat(settings.at("/" + trigger + "/enabled").asBoolean()).as(trigger).isFalse();
            assertThat(settings.at("/" + trigger + "/confidence_threshold").asDouble()).as(trigger).isEqualTo(70);
            assertThat(settings.at("/" + trigger + "/message").asString()).as(trigger).isNotBlank();
        }
        assertThat(settings.get("quiet_hours").isNull()).isTrue();
        assertThat(settings.at("/upsell/metric").isNull()).isTrue();
        assertThat(settings.at("/upsell/value").isNull()).isTrue();
        assertThat(settings.at("/feature_discovery/collection_ids")).isEqualTo(Json.read("[]"));
    }

    @Test
    void aValidPutReplacesTheSettingsAndLeavesOtherOrganizationsAlone() {
        Alerts other = new Alerts(suite, suite.createOrganization("Trigger settings other " + UUID.randomUUID()));
        ObjectNode changed = valid();

        Answer put = org.put(ALERT_TRIGGER_SETTINGS, changed.toString());

        assertThat(put.status()).as(put.body()).isEqualTo(200);
        assertThat(put.json()).isEqualTo(changed);
        assertThat(org.get(ALERT_TRIGGER_SETTINGS).json()).isEqualTo(changed);
        assertThat(other.get(ALERT_TRIGGER_SETTINGS).json().at("/technical_assistance/enabled").asBoolean()).isFalse();
        assertThat(other.get(ALERT_TRIGGER_SETTINGS).json().get("quiet_hours").isNull()).isTrue();
    }

    @Test
    void anAbsentConfidenceThresholdIsSeventy() {
        ObjectNode body = valid();
        ((ObjectNode) body.get("onboarding")).remove("confidence_threshold");

        Answer put = org.put(ALERT_TRIGGER_SETTINGS, body.toString());

        assertThat(put.status()).as(put.body()).isEqualTo(200);
        assertThat(put.json().at("/onboarding/confidence_threshold").asDouble()).isEqualTo(70);
    }

    @Test
    void eachInvalidFieldIsOneFaultAtItsLocation() {
        ObjectNode body = valid();
        ((ObjectNode) body.get("technical_assistance")).put("confidence_threshold", 101);
        ((ObjectNode) body.get("api_failure")).put("enabled", "maybe");
        ((ObjectNode) body.get("re_engagement")).put("message", "");
        ((ObjectNode) body.get("slow_failing_actions")).put("confidence_threshold", -1);
        ((ObjectNode) body.get("upsell")).put("metric", "").put("value", "lots");
        ((ObjectNode) body.get("onboarding")).put("colour", "green");
        body.remove("billing_abandonment");
        body.set("quiet_hours", Json.read("{\"timezone\": \"Atlantis/Capital\", \"start\": \"7am\", \"end\": \"07:00\"}"));
        body.put("snooze", true);

        Answer answer = org.put(ALERT_TRIGGER_SETTINGS, body.toString());

        assertThat(answer.status()).isEqualTo(422);
        assertThat(answer.locs()).containsExactlyInAnyOrder(
                List.of("body", "technical_assistance", "confidence_threshold"),
                List.of("body", "api_failure", "enabled"),
                List.of("body", "re_engagement", "message"),
                List.of("body", "billing_abandonment"),
                List.of("body", "slow_failing_actions", "confidence_threshold"),
                List.of("body", "upsell", "metric"),
                List.of("body", "upsell", "value"),
                List.of("body", "onboarding", "colour"),
                List.of("body", "quiet_hours", "timezone"),
                List.of("body", "quiet_hours", "start"),
                List.of("body", "snooze"));
        assertThat(types(answer)).containsExactlyInAnyOrder("less_than_equal", "bool_parsing", "string_too_short", "missing",
                "greater_than_equal", "string_too_short", "float_parsing", "extra_forbidden", "value_error",
                "string_pattern_mismatch", "extra_forbidden");
        assertThat(org.get(ALERT_TRIGGER_SETTINGS).json().at("/technical_assistance/enabled").asBoolean()).isFalse();
    }

    @Test
    void anEnabledFeatureDiscoveryWithoutCollectionsIsRefusedAtCollectionIds() {
        ObjectNode body = valid();
        ((ObjectNode) body.get("feature_discovery")).put("enabled", true).remove("collection_ids");

        Answer answer = org.put(ALERT_TRIGGER_SETTINGS, body.toString());

        assertThat(answer.status()).isEqualTo(422);
        assertThat(answer.locs()).containsExactly(List.of("body", "feature_discovery", "collection_ids"));
        assertThat(types(answer)).containsExactly("missing");
    }

    @Test
    void anEnabledUpsellNeedsItsMetricAndValue() {
        ObjectNode body = valid();
        ((ObjectNode) body.get("upsell")).putNull("metric").remove("value");

        Answer answer = org.put(ALERT_TRIGGER_SETTINGS, body.toString());

        assertThat(answer.status()).isEqualTo(422);
        assertThat(answer.locs()).containsExactly(List.of("body", "upsell", "metric"), List.of("body", "upsell", "value"));
    }

    @Test
    void aBodyThatIsNotAnObjectIsRefused() {
        Answer answer = org.put(ALERT_TRIGGER_SETTINGS, "[1, 2]");

        assertThat(answer.status()).isEqualTo(422);
        assertThat(answer.locs()).containsExactly(List.of("body"));
    }

    @Test
    void eachChangeIsPublishedOnTheAlertTopicKeyedByTheOrganization() {
        ObjectNode changed = valid();
        try (TopicReader alertTopic = new TopicReader(suite.infrastructure.kafkaBootstrapServers(), Topics.ALERT)) {
            assertThat(org.put(ALERT_TRIGGER_SETTINGS, changed.toString()).status()).isEqualTo(200);

            List<ConsumerRecord<String, String>> published = alertTopic.awaitMatching(
                    record -> record.key().equals(org.org().id() + ":settings-alert-triggers"), 1);

            JsonNode event = TopicReader.json(published.get(0));
            assertThat(event.get("type").asString()).isEqualTo("settings.alert_triggers.changed");
            assertThat(event.get("org_id").asLong()).isEqualTo(org.org().id());
            assertThat(event.get("data")).isEqualTo(changed);
        }
    }

    @Test
    void theSettingsNeedTheDataKey() {
        assertThat(suite.get(ALERT_TRIGGER_SETTINGS).status()).isEqualTo(401);
        assertThat(suite.get(ALERT_TRIGGER_SETTINGS, "X-Public-Key", org.org().publicKey()).status()).isEqualTo(403);
    }

    /** Every trigger on (feature discovery with a collection), quiet hours in Lagos. */
    static ObjectNode valid() {
        ObjectNode body = Json.object();
        for (String trigger : TRIGGERS) {
            body.set(trigger, Json.object().put("enabled", true).put("confidence_threshold", 75.0)
                    .put("message", "Prompt for " + trigger));
        }
        ((ObjectNode) body.get("upsell")).put("metric", "Seats").put("value", 10.0);
        ((ObjectNode) body.get("feature_discovery")).set("collection_ids", Json.read("[\"col-reports\"]"));
        body.set("quiet_hours", Json.read("{\"timezone\": \"Africa/Lagos\", \"start\": \"22:00\", \"end\": \"07:00\"}"));
        return body;
    }

    private static List<String> types(Answer answer) {
        return java.util.stream.StreamSupport.stream(answer.json().get("detail").spliterator(), false)
                .map(fault -> fault.get("type").asString()).toList();
    }
}
