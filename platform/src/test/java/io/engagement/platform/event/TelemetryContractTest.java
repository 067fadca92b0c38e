package io.engagement.platform.event;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.UUID;

import static io.engagement.platform.event.EventContractTest.JSON;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The contract of telemetry, on a stored sample per type ({@code src/test/resources/events/telemetry/<type>.json}),
 * each an envelope as ingest publishes it: a field of {@link TelemetryRecorded} renamed or retyped
 * no longer reads the samples' values, and a field the samples gain is either read or named here
 * as deliberately left in the JSON.
 */
class TelemetryContractTest {

    /** Fields of the client's event that stay in its JSON only (see {@link TelemetryRecorded}). */
    private static final Set<String> LEFT_IN_THE_JSON = Set.of("request_body", "response_body", "request_headers", "stack",
            "properties", "data");

    private final EventReader events = new EventReader(JSON);

    static List<String> types() {
        return TelemetryRecorded.TYPES;
    }

    @ParameterizedTest
    @MethodSource("types")
    void theSampleReadsAsATelemetryEventOfItsType(String type) {
        JsonNode sample = sample(type);

        EventEnvelope<TelemetryRecorded> read = events.readTelemetry(sample.toString()).orElseThrow();

        assertThat(read.type()).isEqualTo(type);
        assertThat(read.data().type()).isEqualTo(type);
        assertThat(read.id()).isEqualTo(UUID.fromString(sample.get("id").asString()));
        assertThat(read.schemaVersion()).isEqualTo(1);
        assertThat(read.orgId()).isEqualTo(sample.get("org_id").asLong());
        assertThat(read.occurredAt()).isEqualTo(Instant.parse(sample.get("occurred_at").asString()));
        assertThat(read.data().at()).isEqualTo(Instant.parse(sample.at("/data/timestamp").asString()));
    }

    @ParameterizedTest
    @MethodSource("types")
    void everyFieldOfTheRecordInTheSampleIsReadAsItWasWritten(String type) {
        JsonNode data = sample(type).get("data");

        JsonNode written = JSON.valueToTree(events.readTelemetry(sample(type).toString()).orElseThrow().data());

        for (String field : fields()) {
            if (!data.has(field)) {
                assertThat(written.get(field).isNull()).as(type + "." + field + ", which the sample lacks").isTrue();
            } else if (data.get(field).isNumber()) {
                assertThat(written.get(field).isNumber()).as(type + "." + field).isTrue();
                assertThat(written.get(field).decimalValue()).as(type + "." + field).isEqualByComparingTo(data.get(field).decimalValue());
            } else {
                assertThat(written.get(field)).as(type + "." + field).isEqualTo(data.get(field));
            }
        }
    }

    @ParameterizedTest
    @MethodSource("types")
    void everyFieldOfTheSampleIsReadOrDeliberatelyLeftInTheJson(String type) {
        JsonNode data = sample(type).get("data");

        for (String field : data.propertyNames()) {
            assertThat(fields().contains(field) || LEFT_IN_THE_JSON.contains(field)).as(type + "." + field).isTrue();
        }
    }

    @ParameterizedTest
    @MethodSource("types")
    void fieldsAddedLaterAreIgnoredByAReaderThatDoesNotKnowThem(String type) {
        ObjectNode later = (ObjectNode) sample(type);
        later.put("partition_hint", 2);
        ((ObjectNode) later.get("data")).put("added_later", "a field this build does not know");
        ((ObjectNode) later.get("data")).putObject("nested_later").putArray("depth").add(1);

        assertThat(events.readTelemetry(later.toString())).isEqualTo(events.readTelemetry(sample(type).toString()));
    }

    @Test
    void everyFieldOfTheRecordIsInASample() {
        for (String field : fields()) {
            assertThat(TelemetryRecorded.TYPES.stream().anyMatch(type -> sample(type).get("data").has(field)))
                    .as("TelemetryRecorded's " + field + " in a sample").isTrue();
        }
    }

    /** The record's fields as the services' mapper names them. */
    private static List<String> fields() {
        return List.copyOf(JSON.valueToTree(JSON.readValue("{}", TelemetryRecorded.class)).propertyNames());
    }

    private static JsonNode sample(String type) {
        String name = "/events/telemetry/" + type + ".json";
        try (InputStream stored = TelemetryContractTest.class.getResourceAsStream(name)) {
            assertThat(stored).as("the stored sample " + name).isNotNull();
            return JSON.readTree(stored);
        } catch (IOException unreadable) {
            throw new UncheckedIOException(unreadable);
        }
    }
}
