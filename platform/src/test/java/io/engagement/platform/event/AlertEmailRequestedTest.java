package io.engagement.platform.event;

import org.junit.jupiter.api.Test;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.PropertyNamingStrategies;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/** The contract of {@code alert_email.requested} between the alert service and the messaging service, on a stored sample. */
class AlertEmailRequestedTest {

    /** As the services' mapper writes and reads events: snake_case fields. */
    private static final JsonMapper JSON = JsonMapper.builder().propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE).build();
    private static final TypeReference<EventEnvelope<AlertEmailRequested>> ENVELOPE = new TypeReference<>() {
    };

    @Test
    void theSampleReadsAsTheEventAndIsWrittenBackAsItWas() {
        JsonNode sample = sample();

        EventEnvelope<AlertEmailRequested> read = JSON.readValue(sample.toString(), ENVELOPE);

        assertThat(read.id()).isEqualTo(UUID.fromString("0f8d3c52-6b1e-4f7a-9c2d-5e4b3a291807"));
        assertThat(read.type()).isEqualTo(AlertEmailRequested.TYPE);
        assertThat(read.schemaVersion()).isEqualTo(1);
        assertThat(read.orgId()).isEqualTo(7);
        assertThat(read.occurredAt()).isEqualTo(Instant.parse("2026-11-27T10:00:02.125Z"));
        assertThat(read.data().deliveryId()).isEqualTo("3b9e0c61-2f4d-3a8b-9e57-c1d0f6a4b2e8");
        assertThat(read.data().toEmail()).isEqualTo("oncall@example.com");
        assertThat(read.data().subject()).isEqualTo("Alert: high error frequency — 3 errors in session s-42 within the hour");
        assertThat(read.data().text()).startsWith("3 errors in session s-42 within the hour\n\nType: high_error_frequency\n")
                .endsWith("Alert id: 9a4c1e2b-7d3f-3c6a-8b5e-2f1d0c9e8a7b\n");
        assertThat(JSON.readTree(JSON.writeValueAsString(read))).isEqualTo(sample);
    }

    @Test
    void fieldsAddedLaterAreIgnoredByAReaderThatDoesNotKnowThem() {
        ObjectNode later = (ObjectNode) sample();
        later.put("partition_hint", 2);
        ((ObjectNode) later.get("data")).put("html", "<p>3 errors</p>");

        assertThat(JSON.readValue(later.toString(), ENVELOPE)).isEqualTo(JSON.readValue(sample().toString(), ENVELOPE));
    }

    private static JsonNode sample() {
        try (InputStream stored = AlertEmailRequestedTest.class.getResourceAsStream("/events/" + AlertEmailRequested.TYPE + ".json")) {
            assertThat(stored).as("the stored sample of " + AlertEmailRequested.TYPE).isNotNull();
            return JSON.readTree(stored);
        } catch (IOException unreadable) {
            throw new UncheckedIOException(unreadable);
        }
    }
}
