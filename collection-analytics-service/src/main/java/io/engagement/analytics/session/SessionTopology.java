package io.engagement.analytics.session;

import io.engagement.platform.binding.UnreadableRecord;
import io.engagement.platform.event.CustomerErased;
import io.engagement.platform.event.EventReader;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.kstream.KStream;
import org.apache.kafka.streams.kstream.Named;
import org.apache.kafka.streams.kstream.Repartitioned;
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
     * The session summaries for {@code engagement.session.v1}. Erasures come from the customer topic,
     * keyed by customer, while a customer's sessions are spread over every task: each erasure is
     * copied to every partition of a topic partitioned like telemetry, and each task forgets the
     * person's sessions it holds. The processor gets each distinct event as its {@link JsonNode} and
     * each erasure as an {@link ErasedCustomer}.
     */
    public static KStream<String, String> summaries(KStream<String, JsonNode> distinctEvents, KStream<String, String> customers,
                                                    ObjectMapper json, SessionSettings settings, int telemetryPartitions) {
        EventReader reader = new EventReader(json);
        KStream<String, Object> erasures = customers
                .filter((key, value) -> erasure(reader, value).isPresent(), Named.as("erased-customers"))
                .repartition(Repartitioned.<String, String>as("erasures-to-every-task").withKeySerde(Serdes.String())
                        .withValueSerde(Serdes.String()).withNumberOfPartitions(telemetryPartitions)
                        .withStreamPartitioner(SessionTopology::everyPartition))
                .<Object>flatMapValues(value -> erasure(reader, value).stream().toList(), Named.as("erasures"));
        // a merge takes one value type; both kinds go on to the processor within the task as they are, never serialized,
        // and no node is added, so the topology stays the one already deployed
        @SuppressWarnings("unchecked")
        KStream<String, Object> events = (KStream<String, Object>) (KStream<String, ?>) distinctEvents;
        return events.merge(erasures, Named.as("events-and-erasures"))
                .process(SessionProcessor.withStores(json, settings), Named.as("sessions"));
    }

    /** The erasure a customer record announces; none for any other record, and for one that cannot be read, which is passed over. */
    private static Optional<ErasedCustomer> erasure(EventReader reader, String value) {
        try {
            return reader.read(value, CustomerErased.class).map(ErasedCustomer::of);
        } catch (UnreadableRecord unreadable) {
            return Optional.empty();
        }
    }
}
