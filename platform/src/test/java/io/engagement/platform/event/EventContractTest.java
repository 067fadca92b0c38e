package io.engagement.platform.event;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.PropertyNamingStrategies;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Comparator;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The contract of every event that crosses a service boundary, on its stored sample
 * ({@code src/test/resources/events/<type>.json}): a renamed, retyped or dropped field no longer
 * writes the sample back as it was.
 */
class EventContractTest {

    /** As the services' mapper writes and reads events: snake_case fields. */
    static final JsonMapper JSON = JsonMapper.builder().propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE).build();

    private final EventReader events = new EventReader(JSON);

    static List<Class<? extends DomainEvent>> events() {
        return EventTypes.all().stream().sorted(Comparator.comparing(Class::getSimpleName)).toList();
    }

    @ParameterizedTest
    @MethodSource("events")
    void theSampleReadsAsItsRecordAndIsWrittenBackAsItWas(Class<? extends DomainEvent> type) {
        JsonNode sample = sample(type);

        EventEnvelope<DomainEvent> read = events.read(sample.toString()).orElseThrow();

        assertThat(read.data()).isInstanceOf(type);
        assertThat(read.type()).isEqualTo(DomainEvent.typeOf(type));
        assertThat(JSON.readTree(JSON.writeValueAsString(read))).isEqualTo(sample);
        assertThat(JSON.readTree(JSON.writeValueAsString(EventEnvelope.of(read.id(), read.orgId(), read.occurredAt(), read.data()))))
                .as("an envelope made from the record").isEqualTo(sample);
    }

    @ParameterizedTest
    @MethodSource("events")
    void fieldsAddedLaterAreIgnoredByAReaderThatDoesNotKnowThem(Class<? extends DomainEvent> type) {
        ObjectNode later = (ObjectNode) sample(type);
        later.put("partition_hint", 2);
        ((ObjectNode) later.get("data")).put("added_later", "a field this build does not know");
        ((ObjectNode) later.get("data")).putObject("nested_later").put("depth", 1);

        assertThat(events.read(later.toString())).isEqualTo(events.read(sample(type).toString()));
    }

    @ParameterizedTest
    @MethodSource("events")
    void everyFieldOfTheRecordIsInTheSample(Class<? extends DomainEvent> type) {
        JsonNode data = sample(type).get("data");

        for (var component : type.getRecordComponents()) {
            String field = component.getName().replaceAll("([A-Z])", "_$1").toLowerCase(java.util.Locale.ROOT);
            assertThat(data.has(field)).as(type.getSimpleName() + "." + component.getName() + " in the sample").isTrue();
        }
    }

    static JsonNode sample(Class<? extends DomainEvent> type) {
        String name = "/events/" + DomainEvent.typeOf(type) + ".json";
        try (InputStream stored = EventContractTest.class.getResourceAsStream(name)) {
            assertThat(stored).as("the stored sample " + name).isNotNull();
            return JSON.readTree(stored);
        } catch (IOException unreadable) {
            throw new UncheckedIOException(unreadable);
        }
    }
}
