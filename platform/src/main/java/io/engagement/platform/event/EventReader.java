package io.engagement.platform.event;

import io.engagement.platform.binding.UnreadableRecord;
import io.engagement.platform.time.UtcInstants;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.ObjectReader;

import java.time.DateTimeException;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * Reads a record's value as the {@link DomainEvent} its envelope carries, or as the
 * {@link TelemetryRecorded} of a telemetry topic ({@link #readTelemetry}). A field the record does
 * not have is ignored and a field it has that the JSON lacks reads as null (a number as zero), so a
 * consumer reads events written both by producers older and newer than itself.
 */
public final class EventReader {

    private final ObjectMapper json;
    private final ConcurrentMap<Class<?>, ObjectReader> readers = new ConcurrentHashMap<>();

    public EventReader(ObjectMapper json) {
        this.json = json;
    }

    /**
     * The event a record's value carries; empty for a tombstone and for a type this build does not
     * read as a record (another service's own event, or one a newer producer added).
     *
     * @throws UnreadableRecord when the value is no envelope, or its data is not the event its type names
     */
    public Optional<EventEnvelope<DomainEvent>> read(String value) {
        if (value == null) {
            return Optional.empty();
        }
        JsonNode envelope = tree(value);
        Class<? extends DomainEvent> type = EventTypes.classOf(envelope.path("type").asString(""));
        return type == null ? Optional.empty() : Optional.of(this.<DomainEvent>envelope(envelope, type));
    }

    /**
     * The event when the record carries one of {@code type}; empty for every other record. A value
     * that does not name the type is not parsed: topics carry many events and a consumer may follow
     * only one of them.
     *
     * @throws UnreadableRecord when the value names the type but is no envelope of it
     */
    public <E extends DomainEvent> Optional<EventEnvelope<E>> read(String value, Class<E> type) {
        String name = DomainEvent.typeOf(type);
        if (value == null || !value.contains(name)) {
            return Optional.empty();
        }
        JsonNode envelope = tree(value);
        return name.equals(envelope.path("type").asString("")) ? Optional.of(envelope(envelope, type)) : Optional.empty();
    }

    /**
     * The telemetry event a record of {@link Topics#TELEMETRY}, {@link Topics#TELEMETRY_OVERFLOW} or
     * {@link Topics#REPLAY} carries, whatever its type; empty for a tombstone. Read in one pass
     * straight from the text, without a tree and skipping what the record does not keep: these
     * topics carry thousands of events a second ({@link TelemetryReading}).
     *
     * @throws UnreadableRecord when the value is not JSON, no envelope (an object with its org_id),
     *                          or its data is no object
     */
    public Optional<EventEnvelope<TelemetryRecorded>> readTelemetry(String value) {
        if (value == null) {
            return Optional.empty();
        }
        try (JsonParser parser = json.createParser(value)) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                throw new UnreadableRecord("a telemetry record that is no event envelope (an object with its org_id)");
            }
            UUID id = null;
            String type = null;
            int schemaVersion = 1;
            Long orgId = null;
            Instant occurredAt = null;
            TelemetryRecorded data = null;
            String field;
            while ((field = parser.nextName()) != null) {
                JsonToken token = parser.nextToken();
                switch (field) {
                    case "id" -> id = uuid(TelemetryReading.text(parser));
                    case "type" -> type = TelemetryReading.text(parser);
                    case "schema_version" -> schemaVersion = token == JsonToken.VALUE_NUMBER_INT ? parser.getIntValue() : schemaVersion;
                    case "org_id" -> orgId = token == JsonToken.VALUE_NUMBER_INT ? parser.getLongValue() : null;
                    case "occurred_at" -> occurredAt = instant(TelemetryReading.text(parser));
                    case "data" -> data = token == JsonToken.START_OBJECT ? TelemetryReading.read(parser) : null;
                    default -> { }
                }
                // past an object or array no case read whole: an unknown field's, or one of the wrong kind
                parser.skipChildren();
            }
            if (parser.nextToken() != null) {
                throw new UnreadableRecord("a telemetry record with more than its envelope");
            }
            if (orgId == null) {
                throw new UnreadableRecord("a telemetry record that is no event envelope (an object with its org_id)");
            }
            if (data == null) {
                throw new UnreadableRecord("a telemetry record without its event");
            }
            return Optional.of(new EventEnvelope<>(id, type, schemaVersion, orgId, occurredAt, data));
        } catch (JacksonException | IllegalArgumentException | DateTimeException wrongShape) {
            throw new UnreadableRecord("a telemetry record that does not read as a telemetry event: " + wrongShape.getMessage(), wrongShape);
        }
    }

    private JsonNode tree(String value) {
        JsonNode envelope;
        try {
            envelope = json.readTree(value);
        } catch (JacksonException notJson) {
            throw new UnreadableRecord("a record that is not JSON: " + notJson.getOriginalMessage(), notJson);
        }
        if (!envelope.isObject() || !envelope.path("org_id").isIntegralNumber()) {
            throw new UnreadableRecord("a record that is no event envelope (an object with its org_id)");
        }
        return envelope;
    }

    private <E extends DomainEvent> EventEnvelope<E> envelope(JsonNode envelope, Class<? extends E> type) {
        try {
            E data = readerOf(type).readValue(envelope.path("data"));
            if (data == null) {
                throw new UnreadableRecord("a " + DomainEvent.typeOf(type) + " event without its data");
            }
            return new EventEnvelope<>(uuid(envelope.path("id").asString(null)), DomainEvent.typeOf(type),
                    envelope.path("schema_version").asInt(1), envelope.get("org_id").asLong(),
                    instant(envelope.path("occurred_at").asString(null)), data);
        } catch (JacksonException | IllegalArgumentException | DateTimeException wrongShape) {
            throw new UnreadableRecord("a " + DomainEvent.typeOf(type) + " event that does not read as one: " + wrongShape.getMessage(),
                    wrongShape);
        }
    }

    private ObjectReader readerOf(Class<?> type) {
        return readers.computeIfAbsent(type, any -> json.readerFor(any)
                .without(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .without(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES));
    }

    private static UUID uuid(String id) {
        return id == null ? null : UUID.fromString(id);
    }

    private static Instant instant(String at) {
        return at == null ? null : UtcInstants.read(at);
    }
}
