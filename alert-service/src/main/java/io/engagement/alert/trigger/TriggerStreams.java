package io.engagement.alert.trigger;

import io.engagement.platform.stream.ExactlyOnceStreams;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.binder.kafka.KafkaStreamsMetrics;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.errors.StreamsUncaughtExceptionHandler;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;
import tools.jackson.databind.ObjectMapper;

import java.time.Duration;
import java.util.Properties;

/** Runs the trigger topology with exactly-once processing for as long as the service runs. */
@Component
@EnableConfigurationProperties(TriggerStreamsSettings.class)
class TriggerStreams implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(TriggerStreams.class);

    private final ObjectMapper json;
    private final TriggerDirectory triggers;
    private final TriggerStreamsSettings settings;
    private final MeterRegistry meters;
    private final String bootstrapServers;
    private final int port;
    private volatile KafkaStreams streams;
    private volatile KafkaStreamsMetrics streamsMetrics;

    TriggerStreams(ObjectMapper json, TriggerDirectory triggers, TriggerStreamsSettings settings, MeterRegistry meters,
                   @Value("${spring.kafka.bootstrap-servers:localhost:9092}") String bootstrapServers,
                   @Value("${server.port:8084}") int port) {
        this.json = json;
        this.triggers = triggers;
        this.settings = settings;
        this.meters = meters;
        this.bootstrapServers = bootstrapServers;
        this.port = port;
    }

    @Override
    public void start() {
        streams = new KafkaStreams(TriggerTopology.build(json, triggers::of, settings), properties());
        streams.setUncaughtExceptionHandler(failure -> {
            log.error("Alert trigger evaluation failed; replacing the stream thread", failure);
            return StreamsUncaughtExceptionHandler.StreamThreadExceptionResponse.REPLACE_THREAD;
        });
        streamsMetrics = new KafkaStreamsMetrics(streams, Tags.of("spring_id", settings.applicationId()));
        streamsMetrics.bindTo(meters);
        streams.start();
    }

    @Override
    public void stop() {
        if (streams != null) {
            streams.close(Duration.ofSeconds(15));
        }
        if (streamsMetrics != null) {
            streamsMetrics.close();
        }
    }

    @Override
    public boolean isRunning() {
        return streams != null && streams.state().isRunningOrRebalancing();
    }

    /** Stops with detection, after the delivery poller. */
    @Override
    public int getPhase() {
        return SmartLifecycle.DEFAULT_PHASE - 10;
    }

    KafkaStreams.State state() {
        return streams == null ? KafkaStreams.State.CREATED : streams.state();
    }

    private Properties properties() {
        // one directory per instance, so two instances on one machine never contend for a store
        String stateDir = settings.stateDir() != null ? settings.stateDir()
                : System.getProperty("java.io.tmpdir") + "/engagement-alert-triggers-" + port;
        return new ExactlyOnceStreams(settings.applicationId(), bootstrapServers, settings.commitInterval(), stateDir,
                settings.replicationFactor(), 8L * 1024 * 1024, 5).properties();
    }
}
