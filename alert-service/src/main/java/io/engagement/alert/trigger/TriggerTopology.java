package io.engagement.alert.trigger;

import io.engagement.platform.event.Topics;
import io.engagement.platform.stream.SeenEvents;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.kstream.Consumed;
import org.apache.kafka.streams.kstream.KStream;
import org.apache.kafka.streams.kstream.Produced;
import org.apache.kafka.streams.kstream.Repartitioned;
import org.apache.kafka.streams.state.Stores;
import tools.jackson.databind.ObjectMapper;

import java.util.List;
import java.util.Optional;

/**
 * telemetry + session summaries + customer changes + page collections → re-keyed by organization
 * (one repartition topic, so one task sees an organization's sessions, customers, companies and
 * collections together) →
 * trigger evaluation → {@code engagement.alert.v1}.
 */
final class TriggerTopology {

    private TriggerTopology() {
    }

    static Topology build(ObjectMapper json, TriggerSource triggers, TriggerStreamsSettings settings) {
        StreamsBuilder builder = new StreamsBuilder();
        // cached: a key written by many records (an organization's latest fact, a window's count, a
        // session's evidence) reaches RocksDB and its changelog once per commit, not once per record
        builder.addStateStore(Stores.keyValueStoreBuilder(
                Stores.persistentKeyValueStore(TriggerProcessor.STATE), Serdes.String(), Serdes.String()).withCachingEnabled());
        builder.addStateStore(SeenEvents.store(TriggerProcessor.SEEN_EVENTS, settings.dedupWindow()));

        KStream<String, String> events = builder.stream(Topics.TELEMETRY, Consumed.with(Serdes.String(), Serdes.String()))
                .flatMap((key, value) -> byOrganization(json, value == null ? Optional.empty() : Signal.ofTelemetry(json, value)));
        KStream<String, String> sessions = builder.stream(Topics.SESSION, Consumed.with(Serdes.String(), Serdes.String()))
                .flatMap((key, value) -> byOrganization(json, value == null ? Optional.empty() : Signal.ofSession(json, value)));
        KStream<String, String> customers = builder.stream(Topics.CUSTOMER, Consumed.with(Serdes.String(), Serdes.String()))
                .flatMap((key, value) -> byOrganization(json, value == null ? Optional.empty() : Signal.ofCustomerTopic(json, value)));
        KStream<String, String> collections = builder.stream(Topics.COLLECTION, Consumed.with(Serdes.String(), Serdes.String()))
                .flatMap((key, value) -> byOrganization(json, value == null ? Optional.empty() : Signal.ofCollectionTopic(json, value)));
        events.merge(sessions).merge(customers).merge(collections)
                .repartition(Repartitioned.<String, String>as("trigger-signals-by-organization")
                        .withKeySerde(Serdes.String()).withValueSerde(Serdes.String()))
                .process(() -> new TriggerProcessor(json, triggers, settings), TriggerProcessor.STATE, TriggerProcessor.SEEN_EVENTS)
                .to(Topics.ALERT, Produced.with(Serdes.String(), Serdes.String()));
        return builder.build();
    }

    private static List<KeyValue<String, String>> byOrganization(ObjectMapper json, Optional<Signal> signal) {
        return signal.map(s -> List.of(KeyValue.pair(Long.toString(s.organizationId()), json.writeValueAsString(s)))).orElse(List.of());
    }
}
