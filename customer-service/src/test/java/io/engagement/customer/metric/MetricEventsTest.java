package io.engagement.customer.metric;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.PropertyNamingStrategies;
import tools.jackson.databind.json.JsonMapper;

import java.time.Instant;

import static org.assertj.core.api.Assertions.assertThat;

class MetricEventsTest {

    /** As the services' mapper writes events: snake_case fields. */
    private static final JsonMapper JSON = JsonMapper.builder().propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE).build();

    @Test
    void aDefinitionsEventCarriesItAsStoredFieldForField() {
        MetricDefinition definition = new MetricDefinition(5, "seats", "Seats", "Paid seats", "NUMBER", 7,
                Instant.parse("2026-11-27T09:11:00Z"), Instant.parse("2026-11-27T09:12:00Z"));

        assertThat(JSON.<JsonNode>valueToTree(MetricEvents.defined(definition))).isEqualTo(JSON.<JsonNode>valueToTree(definition));
    }

    @Test
    void aValuesEventCarriesItAsStoredFieldForField() {
        MetricValue value = new MetricValue(88, 31, 5, "seats", "NUMBER", "42", Instant.parse("2026-11-27T09:12:00Z"),
                Instant.parse("2026-11-27T09:12:30Z"));

        assertThat(JSON.<JsonNode>valueToTree(MetricEvents.set(value))).isEqualTo(JSON.<JsonNode>valueToTree(value));
    }
}
