package io.engagement.analytics.session;

import io.engagement.platform.event.Topics;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.kstream.Consumed;
import org.apache.kafka.streams.kstream.KStream;
import org.apache.kafka.streams.kstream.Named;
import org.apache.kafka.streams.kstream.Produced;
import org.apache.kafka.streams.kstream.Repartitioned;
import org.apache.kafka.streams.state.Stores;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/** Session intelligence's part of the analytics topology: distinct events → session state → summaries. */
public final class SessionTopology {

    private SessionTopology() {
    }

    private static Optional<Set<Integer>> everyPartition(String topic, String key, String value, int partitions) {
        return Optional.of(IntStream.range(0, partitions).boxed().collect(Collectors.toSet()));
    }

    /**
     * Erasures come from the customer topic, keyed by customer, while a customer's sessions are spread
     * over every task: each erasure is copied to every partition of a topic partitioned like telemetry,
     * and each task forgets the person's sessions it holds.
     */
    public static void addTo(StreamsBuilder builder, KStream<String, JsonNode> distinctEvents, ObjectMapper json,
                             SessionSettings settings, int telemetryPartitions) {
        // cached, so a busy session writes its changelog once per commit, not once per event
        builder.addStateStore(Stores.keyValueStoreBuilder(Stores.persistentKeyValueStore(SessionProcessor.SESSIONS),
                Serdes.String(), Serdes.String()).withCachingEnabled());
        builder.addStateStore(Stores.keyValueStoreBuilder(Stores.persistentKeyValueStore(SessionProcessor.CHANGED),
                Serdes.String(), Serdes.String()).withCachingEnabled());
        KStream<String, JsonNode> erasures = builder.stream(Topics.CUSTOMER, Consumed.with(Serdes.String(), Serdes.String()).withName("customers"))
                .filter((key, value) -> ErasedCustomer.of(json, value).isPresent(), Named.as("erased-customers"))
                .repartition(Repartitioned.<String, String>as("erasures-to-every-task").withKeySerde(Serdes.String())
                        .withValueSerde(Serdes.String()).withNumberOfPartitions(telemetryPartitions)
                        .withStreamPartitioner(SessionTopology::everyPartition))
                .mapValues(value -> json.readTree(value), Named.as("erasures"));
        distinctEvents.merge(erasures, Named.as("events-and-erasures"))
                .process(() -> new SessionProcessor(json, settings), Named.as("sessions"), SessionProcessor.SESSIONS, SessionProcessor.CHANGED)
                .to(Topics.SESSION, Produced.with(Serdes.String(), Serdes.String()).withName("session-summaries"));
    }
}
