package io.engagement.analytics.session;

import io.engagement.platform.event.Topics;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.kstream.KStream;
import org.apache.kafka.streams.kstream.Named;
import org.apache.kafka.streams.kstream.Produced;
import org.apache.kafka.streams.state.Stores;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

/** Session intelligence's part of the analytics topology: distinct events → session state → summaries. */
public final class SessionTopology {

    private SessionTopology() {
    }

    public static void addTo(StreamsBuilder builder, KStream<String, JsonNode> distinctEvents, ObjectMapper json,
                             SessionSettings settings) {
        // cached, so a busy session writes its changelog once per commit, not once per event
        builder.addStateStore(Stores.keyValueStoreBuilder(Stores.persistentKeyValueStore(SessionProcessor.SESSIONS),
                Serdes.String(), Serdes.String()).withCachingEnabled());
        builder.addStateStore(Stores.keyValueStoreBuilder(Stores.persistentKeyValueStore(SessionProcessor.CHANGED),
                Serdes.String(), Serdes.String()).withCachingEnabled());
        distinctEvents
                .process(() -> new SessionProcessor(json, settings), Named.as("sessions"), SessionProcessor.SESSIONS, SessionProcessor.CHANGED)
                .to(Topics.SESSION, Produced.with(Serdes.String(), Serdes.String()).withName("session-summaries"));
    }
}
