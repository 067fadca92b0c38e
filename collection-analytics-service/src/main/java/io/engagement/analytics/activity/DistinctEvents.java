package io.engagement.analytics.activity;

import io.engagement.platform.stream.ProcessorWithStores;
import io.engagement.platform.stream.SeenEvents;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

import java.time.Duration;

/**
 * Parses each event envelope once and lets through only the first sighting of an event id within
 * the de-duplication window, for every processor after it: a resent batch or a redelivered record
 * is counted by nobody. Runs under exactly-once processing, so the remembered ids commit with the
 * output and the input offsets.
 */
final class DistinctEvents implements Processor<String, String, String, JsonNode> {

    static final String SEEN_EVENTS = "seen-event-buckets";

    private final ObjectMapper json;
    private final Duration window;
    private ProcessorContext<String, JsonNode> context;
    private SeenEvents seen;

    DistinctEvents(ObjectMapper json, Duration window) {
        this.json = json;
        this.window = window;
    }

    /** The processor with its store of the ids seen. */
    static ProcessorWithStores<String, String, String, JsonNode> withStore(ObjectMapper json, Duration window) {
        return ProcessorWithStores.of(() -> new DistinctEvents(json, window), SeenEvents.store(SEEN_EVENTS, window));
    }

    @Override
    public void init(ProcessorContext<String, JsonNode> context) {
        this.context = context;
        this.seen = SeenEvents.of(context, SEEN_EVENTS, window);
    }

    @Override
    public void process(Record<String, String> record) {
        JsonNode envelope = readable(record.value());
        if (envelope == null) {
            return;
        }
        String eventKey = envelope.path("org_id").asLong() + ":" + envelope.path("data").path("event_id").asString("");
        if (seen.firstSighting(eventKey, record.timestamp())) {
            context.forward(record.withValue(envelope));
        }
    }

    /** Ingest validated every event, so an envelope without its id is not ours and is skipped. */
    private JsonNode readable(String value) {
        try {
            JsonNode envelope = json.readTree(value);
            return envelope.path("data").path("event_id").isString() && envelope.path("org_id").isNumber() ? envelope : null;
        } catch (RuntimeException unreadable) {
            return null;
        }
    }
}
