package io.engagement.customer.settings;

import io.engagement.platform.error.ErrorDetail;
import io.engagement.platform.event.ActivitySegmentsChanged;
import io.engagement.platform.event.DomainEvent;
import io.engagement.platform.event.EventEnvelope;
import io.engagement.platform.event.EventReader;
import io.engagement.platform.validation.Loc;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.PropertyNamingStrategies;
import tools.jackson.databind.json.JsonMapper;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

class ActivitySegmentSettingsTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    @Test
    void ascendingThresholdsWithinRangeAreAccepted() {
        assertThat(faults("{\"active_days\": 1, \"slightly_active_days\": 2, \"dormant_days\": 3650}")).isEmpty();
    }

    @Test
    void aThresholdNotAboveTheOneBeforeIsAValueErrorAtTheLaterField() {
        List<ErrorDetail> faults = faults("{\"active_days\": 30, \"slightly_active_days\": 30, \"dormant_days\": 10}");

        assertThat(faults).extracting(ErrorDetail::loc).containsExactly(
                List.of("body", "slightly_active_days"), List.of("body", "dormant_days"));
        assertThat(faults).extracting(ErrorDetail::type).containsOnly("value_error");
        assertThat(faults.get(0).msg()).isEqualTo("Value error, slightly_active_days must be greater than active_days");
        assertThat(faults.get(0).ctx()).isEqualTo(Map.of("error", "slightly_active_days must be greater than active_days"));
    }

    @Test
    void outOfRangeMissingAndExtraFieldsAreEachReported() {
        List<ErrorDetail> faults = faults("{\"active_days\": 0, \"dormant_days\": 3651, \"weekly\": true}");

        assertThat(faults).extracting(ErrorDetail::type).containsExactly(
                "greater_than_equal", "missing", "less_than_equal", "extra_forbidden");
        assertThat(faults).extracting(ErrorDetail::loc).containsExactly(List.of("body", "active_days"),
                List.of("body", "slightly_active_days"), List.of("body", "dormant_days"), List.of("body", "weekly"));
    }

    @Test
    void aChangeIsPublishedAsTheActivitySegmentsChangedOtherServicesRead() {
        assertThat(ActivitySegmentSettingsConfiguration.KIND.changedEventType()).isEqualTo(DomainEvent.typeOf(ActivitySegmentsChanged.class));
    }

    @Test
    void theSettingsAsPublishedReadAsTheChangeWithTheSameThresholds() {
        // as the services' mapper writes the settings into the change event
        JsonMapper services = JsonMapper.builder().propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE).build();
        String published = services.writeValueAsString(new EventEnvelope<>(UUID.randomUUID(),
                ActivitySegmentSettingsConfiguration.KIND.changedEventType(), 1, 7, Instant.now(), new ActivitySegmentSettings(3, 14, 45)));

        assertThat(new EventReader(services).read(published)).get().extracting(EventEnvelope::data)
                .isEqualTo(new ActivitySegmentsChanged(3, 14, 45));
    }

    private static List<ErrorDetail> faults(String body) {
        List<ErrorDetail> errors = new ArrayList<>();
        JsonNode tree = JSON.readTree(body);
        ActivitySegmentSettings.SCHEMA.apply(tree, Loc.body(), errors);
        return errors;
    }
}
