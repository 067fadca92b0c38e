package io.engagement.alert.detection;

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
 * telemetry (errors, API calls, page views) + session summaries → the facts an enabled rule uses →
 * re-keyed by organization (one repartition topic, so one task sees all of an organization's facts,
 * in order per source partition) → detection → {@code engagement.alert.v1}.
 */
final class DetectionTopology {

    private DetectionTopology() {
    }

    static Topology build(ObjectMapper json, RuleSource rules, DetectionSettings settings) {
        StreamsBuilder builder = new StreamsBuilder();
        // cached: a key written by many records (an organization's latest fact, a window's count, a
        // session's evidence) reaches RocksDB and its changelog once per commit, not once per record
        builder.addStateStore(Stores.keyValueStoreBuilder(
                Stores.persistentKeyValueStore(DetectionProcessor.STATE), Serdes.String(), Serdes.String()).withCachingEnabled());
        builder.addStateStore(SeenEvents.store(DetectionProcessor.SEEN_EVENTS, settings.dedupWindow()));

        KStream<String, String> events = builder.stream(Topics.TELEMETRY, Consumed.with(Serdes.String(), Serdes.String()))
                .flatMap((key, value) -> byOrganization(json, Fact.ofTelemetry(json, value).filter(fact -> used(rules, fact))));
        KStream<String, String> sessions = builder.stream(Topics.SESSION, Consumed.with(Serdes.String(), Serdes.String()))
                .flatMap((key, value) -> byOrganization(json, value == null ? Optional.empty()
                        : Fact.ofSession(json, value).filter(fact -> used(rules, fact))));
        events.merge(sessions)
                .repartition(Repartitioned.<String, String>as("facts-by-organization").withKeySerde(Serdes.String()).withValueSerde(Serdes.String()))
                .process(() -> new DetectionProcessor(json, rules, settings), DetectionProcessor.STATE, DetectionProcessor.SEEN_EVENTS)
                .to(Topics.ALERT, Produced.with(Serdes.String(), Serdes.String()));
        return builder.build();
    }

    /**
     * Only facts an enabled rule of their organization uses cross the repartition: most telemetry
     * (page views, where no interaction-drop rule watches) stops here instead of being written to
     * and read back from the broker. A rule so counts the facts that arrive once every instance has
     * it among the enabled rules (a write evicts this instance's rule cache at once, the others'
     * within its time to live), as detection itself only ever counted for enabled rules.
     */
    private static boolean used(RuleSource rules, Fact fact) {
        return rules.enabledRules(fact.organizationId()).stream().anyMatch(fact::usedBy);
    }

    private static List<KeyValue<String, String>> byOrganization(ObjectMapper json, Optional<Fact> fact) {
        return fact.map(f -> List.of(KeyValue.pair(Long.toString(f.organizationId()), json.writeValueAsString(f)))).orElse(List.of());
    }
}
