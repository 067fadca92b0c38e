package io.engagement.analytics.session;

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
     * person's sessions it holds.
     */
    public static KStream<String, String> summaries(KStream<String, JsonNode> distinctEvents, KStream<String, String> customers,
                                                    ObjectMapper json, SessionSettings settings, int telemetryPartitions) {
        KStream<String, JsonNode> erasures = customers
                .filter((key, value) -> ErasedCustomer.of(json, value).isPresent(), Named.as("erased-customers"))
                .repartition(Repartitioned.<String, String>as("erasures-to-every-task").withKeySerde(Serdes.String())
                        .withValueSerde(Serdes.String()).withNumberOfPartitions(telemetryPartitions)
                        .withStreamPartitioner(SessionTopology::everyPartition))
                .mapValues(value -> json.readTree(value), Named.as("erasures"));
        return distinctEvents.merge(erasures, Named.as("events-and-erasures"))
                .process(SessionProcessor.withStores(json, settings), Named.as("sessions"));
    }
}
