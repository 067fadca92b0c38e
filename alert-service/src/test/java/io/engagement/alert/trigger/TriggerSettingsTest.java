package io.engagement.alert.trigger;

import io.engagement.platform.error.ErrorDetail;
import io.engagement.platform.validation.Loc;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.PropertyNamingStrategies;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class TriggerSettingsTest {

    private static final JsonMapper JSON = JsonMapper.builder().propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE).build();

    @Test
    void theDefaultsPassTheirOwnSchemaAndAreAllOff() {
        JsonNode defaults = JSON.valueToTree(TriggerSettings.DEFAULTS);

        assertThat(faults(defaults)).isEmpty();
        TriggerName.ALL.forEach(name -> {
            assertThat(defaults.at("/" + name + "/enabled").asBoolean()).as(name).isFalse();
            assertThat(defaults.at("/" + name + "/confidence_threshold").asDouble()).as(name).isEqualTo(70);
            assertThat(defaults.at("/" + name + "/message").asString()).as(name).isNotBlank();
        });
        assertThat(defaults.get("quiet_hours").isNull()).isTrue();
    }

    @Test
    void anAbsentConfidenceThresholdIsSeventy() {
        ObjectNode body = defaults();
        ((ObjectNode) body.get("onboarding")).remove("confidence_threshold");

        TriggerSettings bound = JSON.treeToValue(body, TriggerSettings.class);

        assertThat(bound.onboarding().confidenceThreshold()).isEqualTo(70);
    }

    @Test
    void eachFaultIsReportedAtItsField() {
        ObjectNode body = defaults();
        ((ObjectNode) body.get("api_failure")).put("confidence_threshold", 101);
        ((ObjectNode) body.get("onboarding")).put("message", "");
        ((ObjectNode) body.get("re_engagement")).put("enabled", "sometimes");
        ((ObjectNode) body.get("upsell")).put("enabled", true);
        ((ObjectNode) body.get("feature_discovery")).put("enabled", true);
        ((ObjectNode) body.get("technical_assistance")).put("colour", "red");
        body.remove("billing_abandonment");
        body.set("quiet_hours", JSON.readTree("{\"timezone\": \"Mars/Olympus\", \"start\": \"25:00\", \"end\": \"07:00\"}"));
        body.put("snooze", true);

        List<ErrorDetail> faults = faults(body);

        assertThat(faults).extracting(ErrorDetail::loc).containsExactlyInAnyOrder(
                List.of("body", "technical_assistance", "colour"),
                List.of("body", "api_failure", "confidence_threshold"),
                List.of("body", "re_engagement", "enabled"),
                List.of("body", "billing_abandonment"),
                List.of("body", "upsell", "metric"),
                List.of("body", "upsell", "value"),
                List.of("body", "onboarding", "message"),
                List.of("body", "feature_discovery", "collection_ids"),
                List.of("body", "quiet_hours", "timezone"),
                List.of("body", "quiet_hours", "start"),
                List.of("body", "snooze"));
        assertThat(faults).filteredOn(fault -> fault.loc().equals(List.of("body", "snooze")))
                .extracting(ErrorDetail::type).containsExactly("extra_forbidden");
    }

    @Test
    void anEnabledFeatureDiscoveryNeedsAtLeastOneCollection() {
        ObjectNode body = defaults();
        ((ObjectNode) body.get("feature_discovery")).put("enabled", true).set("collection_ids", JSON.createArrayNode());

        assertThat(faults(body)).extracting(ErrorDetail::type).containsExactly("too_short");

        ((ObjectNode) body.get("feature_discovery")).set("collection_ids", JSON.readTree("[\"col_1\"]"));
        assertThat(faults(body)).isEmpty();
    }

    private static ObjectNode defaults() {
        return (ObjectNode) JSON.valueToTree(TriggerSettings.DEFAULTS);
    }

    private static List<ErrorDetail> faults(JsonNode body) {
        List<ErrorDetail> errors = new ArrayList<>();
        TriggerSettings.SCHEMA.apply(body, Loc.body(), errors);
        return errors;
    }
}
