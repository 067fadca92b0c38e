package io.engagement.analytics.activity;

import io.engagement.analytics.session.SessionSettings;
import io.engagement.analytics.session.SessionTopology;
import io.engagement.platform.event.Topics;
import io.engagement.platform.stream.SeenEvents;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.kstream.Consumed;
import org.apache.kafka.streams.kstream.KStream;
import org.apache.kafka.streams.kstream.Named;
import org.apache.kafka.streams.kstream.Produced;
import org.apache.kafka.streams.kstream.Repartitioned;
import org.apache.kafka.streams.state.Stores;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

/**
 * telemetry (+ replay marks) → distinct events → page activity, and → session summaries.
 *
 * <p>Recording chunks travel on their own topic, whose partitions need not match telemetry's; their
 * marks (the chunk without its recording) are repartitioned by session onto as many partitions as
 * telemetry has, so one task sees all of a session's events.
 */
final class ActivityTopology {

    private ActivityTopology() {
    }

    static Topology build(ObjectMapper json, ActivitySettings settings, SessionSettings sessions, int telemetryPartitions) {
        StreamsBuilder builder = new StreamsBuilder();
        builder.addStateStore(SeenEvents.store(DistinctEvents.SEEN_EVENTS, settings.dedupWindow()));
        builder.addStateStore(Stores.keyValueStoreBuilder(
                Stores.persistentKeyValueStore(ActivityProcessor.LAST_VIEWS), Serdes.String(), Serdes.String()));

        KStream<String, String> telemetry = builder.stream(Topics.TELEMETRY, Consumed.with(Serdes.String(), Serdes.String()).withName("telemetry"));
        KStream<String, String> replayMarks = builder.stream(Topics.REPLAY, Consumed.with(Serdes.String(), Serdes.String()).withName("replay"))
                .mapValues(value -> ReplayMarks.of(json, value), Named.as("replay-marks"))
                .filter((key, mark) -> mark != null, Named.as("readable-replay-marks"))
                .repartition(Repartitioned.<String, String>as("replay-by-session")
                        .withKeySerde(Serdes.String()).withValueSerde(Serdes.String()).withNumberOfPartitions(telemetryPartitions));
        KStream<String, JsonNode> distinct = telemetry.merge(replayMarks, Named.as("events"))
                .process(() -> new DistinctEvents(json, settings.dedupWindow()), Named.as("distinct"), DistinctEvents.SEEN_EVENTS);

        distinct.process(() -> new ActivityProcessor(json, settings.sessionIdle()), Named.as("activity"), ActivityProcessor.LAST_VIEWS)
                .to(Topics.PAGE_ACTIVITY, Produced.with(Serdes.String(), Serdes.String()).withName("page-activity"));
        SessionTopology.addTo(builder, distinct, json, sessions, telemetryPartitions);
        return builder.build();
    }
}
