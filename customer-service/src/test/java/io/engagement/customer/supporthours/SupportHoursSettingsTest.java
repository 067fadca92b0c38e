package io.engagement.customer.supporthours;

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

class SupportHoursSettingsTest {

    private static final JsonMapper JSON = JsonMapper.builder().propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE).build();

    @Test
    void theDefaultsAreUtcNineToFiveOnWeekdaysAndPassTheirOwnSchema() {
        JsonNode defaults = JSON.valueToTree(SupportHoursSettings.DEFAULTS);

        assertThat(defaults).isEqualTo(JSON.readTree("""
                {"timezone": "UTC", "schedule": {"monday": [{"start": "09:00", "end": "17:00"}],
                  "tuesday": [{"start": "09:00", "end": "17:00"}], "wednesday": [{"start": "09:00", "end": "17:00"}],
                  "thursday": [{"start": "09:00", "end": "17:00"}], "friday": [{"start": "09:00", "end": "17:00"}],
                  "saturday": [], "sunday": []}, "days_off": []}"""));
        assertThat(faults(defaults.toString())).isEmpty();
        assertThat(JSON.treeToValue(defaults, SupportHoursSettings.class)).isEqualTo(SupportHoursSettings.DEFAULTS);
    }

    @Test
    void slotsUntilMidnightSeveralADayInAnyOrderAndDaysOffAreAccepted() {
        ObjectNode body = valid();
        ((ObjectNode) body.get("schedule")).set("friday", JSON.readTree(
                "[{\"start\": \"18:00\", \"end\": \"24:00\"}, {\"start\": \"00:00\", \"end\": \"08:00\"}, {\"start\": \"08:00\", \"end\": \"12:00\"}]"));
        body.set("days_off", JSON.readTree("[\"2026-12-24\", \"2026-12-25\"]"));

        assertThat(faults(body.toString())).isEmpty();
    }

    @Test
    void anUnknownZoneAndADateThatIsNotOneAreEachReported() {
        ObjectNode body = valid();
        body.put("timezone", "Mars/Olympus_Mons");
        body.set("days_off", JSON.readTree("[\"2026-12-24\", \"2026-02-30\", \"next friday\"]"));

        List<ErrorDetail> faults = faults(body.toString());

        assertThat(faults).extracting(ErrorDetail::loc).containsExactly(List.of("body", "timezone"),
                List.of("body", "days_off", 1), List.of("body", "days_off", 2));
        assertThat(faults).extracting(ErrorDetail::type).containsExactly("value_error", "date_from_datetime_parsing",
                "date_from_datetime_parsing");
    }

    @Test
    void everyDayIsRequiredAndNoOtherKeyIsAllowed() {
        List<ErrorDetail> faults = faults("""
                {"timezone": "UTC", "days_off": [], "schedule": {"monday": [], "tuesday": [], "wednesday": [],
                  "thursday": [], "friday": [], "weekend": []}}""");

        assertThat(faults).extracting(ErrorDetail::loc).containsExactly(List.of("body", "schedule", "saturday"),
                List.of("body", "schedule", "sunday"), List.of("body", "schedule", "weekend"));
        assertThat(faults).extracting(ErrorDetail::type).containsExactly("missing", "missing", "extra_forbidden");
    }

    @Test
    void aTimeThatIsNotHhMmIsAPatternMismatchAtItsField() {
        List<ErrorDetail> faults = faults(withMonday("[{\"start\": \"9:00\", \"end\": \"24:00\"}, {\"start\": \"24:00\", \"end\": \"24:30\"}]"));

        assertThat(faults).extracting(ErrorDetail::loc).containsExactly(List.of("body", "schedule", "monday", 0, "start"),
                List.of("body", "schedule", "monday", 1, "start"), List.of("body", "schedule", "monday", 1, "end"));
        assertThat(faults).extracting(ErrorDetail::type).containsOnly("string_pattern_mismatch");
    }

    @Test
    void aSlotMustEndAfterItStarts() {
        List<ErrorDetail> faults = faults(withMonday("[{\"start\": \"17:00\", \"end\": \"09:00\"}, {\"start\": \"12:00\", \"end\": \"12:00\"}]"));

        assertThat(faults).extracting(ErrorDetail::loc).containsExactly(List.of("body", "schedule", "monday", 0, "end"),
                List.of("body", "schedule", "monday", 1, "end"));
        assertThat(faults.get(0).msg()).isEqualTo("Value error, end must be after start");
    }

    @Test
    void overlappingSlotsAreAValueErrorAtTheOneThatStartsLater() {
        List<ErrorDetail> faults = faults(withMonday("""
                [{"start": "13:00", "end": "17:00"}, {"start": "09:00", "end": "14:00"}, {"start": "10:00", "end": "11:00"},
                 {"start": "17:00", "end": "18:00"}]"""));

        assertThat(faults).extracting(ErrorDetail::loc).containsExactly(List.of("body", "schedule", "monday", 0),
                List.of("body", "schedule", "monday", 2));
        assertThat(faults).extracting(ErrorDetail::msg).containsExactly("Value error, slot overlaps 09:00-14:00",
                "Value error, slot overlaps 09:00-14:00");
    }

    @Test
    void aDayIsAListOfSlotObjectsWithNothingElseInThem() {
        List<ErrorDetail> faults = faults(withMonday("[{\"start\": \"09:00\", \"end\": \"17:00\", \"agent\": \"sam\"}, \"09:00-17:00\"]"));

        assertThat(faults).extracting(ErrorDetail::loc).containsExactly(List.of("body", "schedule", "monday", 0, "agent"),
                List.of("body", "schedule", "monday", 1));
        assertThat(faults).extracting(ErrorDetail::type).containsExactly("extra_forbidden", "model_attributes_type");
    }

    @Test
    void everyTopLevelFieldIsRequiredAndNothingElseAllowed() {
        List<ErrorDetail> faults = faults("{\"timezone\": \"UTC\", \"holidays\": []}");

        assertThat(faults).extracting(ErrorDetail::loc).containsExactly(List.of("body", "schedule"), List.of("body", "days_off"),
                List.of("body", "holidays"));
        assertThat(faults).extracting(ErrorDetail::type).containsExactly("missing", "missing", "extra_forbidden");
    }

    private static ObjectNode valid() {
        return JSON.valueToTree(SupportHoursSettings.DEFAULTS);
    }

    private static String withMonday(String slots) {
        ObjectNode body = valid();
        ((ObjectNode) body.get("schedule")).set("monday", JSON.readTree(slots));
        return body.toString();
    }

    private static List<ErrorDetail> faults(String body) {
        List<ErrorDetail> errors = new ArrayList<>();
        SupportHoursSettings.SCHEMA.apply(JSON.readTree(body), Loc.body(), errors);
        return errors;
    }
}
