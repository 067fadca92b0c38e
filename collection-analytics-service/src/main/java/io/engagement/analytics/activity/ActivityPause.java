package io.engagement.analytics.activity;

import org.apache.kafka.streams.KafkaStreams;
import org.springframework.cloud.stream.binder.kafka.streams.KafkaStreamsRegistry;
import org.springframework.kafka.config.StreamsBuilderFactoryBean;
import org.springframework.stereotype.Component;

import java.util.Optional;

/**
 * Pauses and resumes the activity topology's processing without stopping it: the instance stays in
 * its group and keeps its tasks and stores, and records wait in Kafka. A binding stopped through
 * /actuator/bindings leaves the group instead (its tasks move to other instances, and come back
 * with a rebalance and a restore), which is not what a short pause for maintenance or a burst of
 * ingest wants; the binder has no pause for Kafka Streams bindings.
 */
@Component
public class ActivityPause {

    private final KafkaStreamsRegistry registry;
    private final String applicationId;

    ActivityPause(KafkaStreamsRegistry registry, ActivitySettings settings) {
        this.registry = registry;
        this.applicationId = settings.applicationId();
    }

    /** Stops taking records until {@link #resume}; the instance stays in its group and keeps its tasks. */
    public void pause() {
        streams().ifPresent(KafkaStreams::pause);
    }

    public void resume() {
        streams().ifPresent(KafkaStreams::resume);
    }

    public boolean isPaused() {
        return streams().map(KafkaStreams::isPaused).orElse(false);
    }

    /** The running topology's client; none while its binding is stopped. */
    private Optional<KafkaStreams> streams() {
        return Optional.ofNullable(registry.streamsBuilderFactoryBean(applicationId)).map(StreamsBuilderFactoryBean::getKafkaStreams);
    }
}
