package io.engagement.analytics.session;

import io.engagement.platform.event.EventEnvelope;
import io.engagement.platform.event.SessionSummarized;
import io.engagement.platform.stream.ProcessorWithStores;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.processor.PunctuationType;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.Stores;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * Folds each distinct event (a telemetry {@link JsonNode}) into its session's state and, every emit
 * interval, publishes the summary of each session that changed; an {@link ErasedCustomer} forgets
 * the person's sessions. The set of changed sessions is a store too, so it commits with the state,
 * the output and the input offsets in one exactly-once transaction: a crash between an event and
 * its summary still publishes the summary after the restart.
 */
final class SessionProcessor implements Processor<String, Object, String, String> {

    static final String SESSIONS = "sessions";
    static final String CHANGED = "changed-sessions";

    private final ObjectMapper json;
    private final SessionSettings settings;
    private ProcessorContext<String, String> context;
    private KeyValueStore<String, String> sessions;
    private KeyValueStore<String, String> changed;

    SessionProcessor(ObjectMapper json, SessionSettings settings) {
        this.json = json;
        this.settings = settings;
    }

    /**
     * The processor with its stores, cached, so a busy session writes its changelog once per commit,
     * not once per event.
     */
    static ProcessorWithStores<String, Object, String, String> withStores(ObjectMapper json, SessionSettings settings) {
        return ProcessorWithStores.of(() -> new SessionProcessor(json, settings),
                Stores.keyValueStoreBuilder(Stores.persistentKeyValueStore(SESSIONS), Serdes.String(), Serdes.String()).withCachingEnabled(),
                Stores.keyValueStoreBuilder(Stores.persistentKeyValueStore(CHANGED), Serdes.String(), Serdes.String()).withCachingEnabled());
    }

    @Override
    public void init(ProcessorContext<String, String> context) {
        this.context = context;
        this.sessions = context.getStateStore(SESSIONS);
        this.changed = context.getStateStore(CHANGED);
        context.schedule(settings.emitInterval(), PunctuationType.WALL_CLOCK_TIME, this::publishChanged);
        context.schedule(Duration.ofMinutes(10), PunctuationType.WALL_CLOCK_TIME, this::forgetIdleSessions);
    }

    @Override
    public void process(Record<String, Object> record) {
        if (record.value() instanceof ErasedCustomer erased) {
            forget(erased, record.timestamp());
            return;
        }
        JsonNode event = (JsonNode) record.value();
        JsonNode data = event.path("data");
        long organizationId = event.path("org_id").asLong();
        String sessionId = data.path("session_id").asString(null);
        if (sessionId == null) {
            return;
        }
        String key = organizationId + ":" + sessionId;
        String stored = sessions.get(key);
        SessionState before = stored == null ? SessionState.start(organizationId, sessionId) : decode(stored);
        SessionState after;
        try {
            after = before.with(data, System.currentTimeMillis());
        } catch (RuntimeException unreadable) {
            return;
        }
        sessions.put(key, json.writeValueAsString(after));
        changed.put(key, "");
    }

    private void publishChanged(long now) {
        List<String> keys = new ArrayList<>();
        try (KeyValueIterator<String, String> all = changed.all()) {
            all.forEachRemaining(entry -> keys.add(entry.key));
        }
        for (String key : keys) {
            String stored = sessions.get(key);
            if (stored != null) {
                SessionState state = decode(stored);
                context.forward(new Record<>(key, json.writeValueAsString(envelope(state, now)), now));
            }
            changed.delete(key);
        }
    }

    /**
     * Forgets the erased person's sessions this task holds, changes not yet published included, and
     * publishes a tombstone for each: it follows every summary of the session on its partition.
     */
    private void forget(ErasedCustomer erased, long timestamp) {
        List<String> owned = new ArrayList<>();
        try (KeyValueIterator<String, String> all = sessions.prefixScan(erased.organizationId() + ":", new StringSerializer())) {
            all.forEachRemaining(session -> {
                if (erased.owns(decode(session.value))) {
                    owned.add(session.key);
                }
            });
        }
        for (String key : owned) {
            sessions.delete(key);
            changed.delete(key);
            context.forward(new Record<String, String>(key, null, timestamp));
        }
    }

    /** The id names the summary (session and event count), so a summary published again is the same event. */
    private static EventEnvelope<SessionSummarized> envelope(SessionState state, long now) {
        UUID id = UUID.nameUUIDFromBytes((state.key() + ":" + state.eventCount()).getBytes(StandardCharsets.UTF_8));
        return EventEnvelope.of(id, state.organizationId(), Instant.ofEpochMilli(now), state.summary());
    }

    private void forgetIdleSessions(long now) {
        long idleSince = now - settings.stateRetention().toMillis();
        List<String> idle = new ArrayList<>();
        try (KeyValueIterator<String, String> all = sessions.all()) {
            while (all.hasNext()) {
                KeyValue<String, String> session = all.next();
                if (decode(session.value).touchedAt() < idleSince) {
                    idle.add(session.key);
                }
            }
        }
        idle.forEach(sessions::delete);
    }

    private SessionState decode(String stored) {
        return json.readValue(stored, SessionState.class);
    }
}
