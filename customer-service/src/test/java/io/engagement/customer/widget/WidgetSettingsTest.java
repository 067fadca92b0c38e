package io.engagement.customer.widget;

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

class WidgetSettingsTest {

    private static final JsonMapper JSON = JsonMapper.builder().propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE).build();

    @Test
    void theDefaultsPassTheirOwnSchema() {
        JsonNode defaults = JSON.valueToTree(WidgetSettings.DEFAULTS);

        assertThat(defaults.get("theme_color").asString()).isEqualTo("#1F6FEB");
        assertThat(defaults.get("position").asString()).isEqualTo("right");
        assertThat(defaults.get("white_label").asBoolean()).isFalse();
        assertThat(faults(defaults.toString())).isEmpty();
    }

    @Test
    void namesAndLabelsAreStrippedAndAnEmptyStatusMessageIsAllowed() {
        ObjectNode body = valid();
        body.put("support_name", "  Acme care  ").put("online_status_message", "").put("theme_color", "#a1b2c3");

        assertThat(faults(body.toString())).isEmpty();
    }

    @Test
    void eachBadFieldIsOneFaultAtItsOwnLoc() {
        ObjectNode body = valid();
        body.put("theme_color", "blue").put("position", "top").put("welcome_image", "photo").put("support_name", "   ")
                .put("button_label", "x".repeat(31)).put("online_status_message", "y".repeat(141))
                .put("offline_status_message", "z".repeat(141)).put("sound_enabled", "loud").put("white_label", 3);

        List<ErrorDetail> faults = faults(body.toString());

        assertThat(faults).extracting(ErrorDetail::loc).containsExactly(List.of("body", "theme_color"), List.of("body", "position"),
                List.of("body", "welcome_image"), List.of("body", "support_name"), List.of("body", "button_label"),
                List.of("body", "online_status_message"), List.of("body", "offline_status_message"), List.of("body", "sound_enabled"),
                List.of("body", "white_label"));
        assertThat(faults).extracting(ErrorDetail::type).containsExactly("string_pattern_mismatch", "literal_error", "literal_error",
                "string_too_short", "string_too_long", "string_too_long", "string_too_long", "bool_parsing", "bool_parsing");
    }

    @Test
    void aMissingFieldAndAnUnknownOneAreBothReported() {
        ObjectNode body = valid();
        body.remove("sound_enabled");
        body.put("font", "Comic Sans");

        List<ErrorDetail> faults = faults(body.toString());

        assertThat(faults).extracting(ErrorDetail::loc).containsExactly(List.of("body", "sound_enabled"), List.of("body", "font"));
        assertThat(faults).extracting(ErrorDetail::type).containsExactly("missing", "extra_forbidden");
    }

    private static ObjectNode valid() {
        return JSON.valueToTree(WidgetSettings.DEFAULTS);
    }

    private static List<ErrorDetail> faults(String body) {
        List<ErrorDetail> errors = new ArrayList<>();
        WidgetSettings.SCHEMA.apply(JSON.readTree(body), Loc.body(), errors);
        return errors;
    }
}
