package io.engagement.analytics.activity;

import io.engagement.platform.event.Topics;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.state.Stores;
import tools.jackson.databind.ObjectMapper;

import java.time.Duration;

/** telemetry → (de-duplicate, track each session's last view) → page activity. */
final class ActivityTopology {

    private ActivityTopology() {
    }

    static Topology build(ObjectMapper json, ActivitySettings settings) {
        Topology topology = new Topology();
        topology.addSource("telemetry", Serdes.String().deserializer(), Serdes.String().deserializer(), Topics.TELEMETRY);
        topology.addProcessor("activity", () -> new ActivityProcessor(json, settings.dedupWindow(), settings.sessionIdle()), "telemetry");
        // an event id is a point in time; the window only bounds how long it is remembered
        topology.addStateStore(Stores.windowStoreBuilder(
                Stores.persistentWindowStore(ActivityProcessor.SEEN_EVENTS, settings.dedupWindow().multipliedBy(2), Duration.ofMillis(1), false),
                Serdes.String(), Serdes.Long()), "activity");
        topology.addStateStore(Stores.keyValueStoreBuilder(
                Stores.persistentKeyValueStore(ActivityProcessor.LAST_VIEWS), Serdes.String(), Serdes.String()), "activity");
        topology.addSink("page-activity", Topics.PAGE_ACTIVITY, Serdes.String().serializer(), Serdes.String().serializer(), "activity");
        return topology;
    }
}
