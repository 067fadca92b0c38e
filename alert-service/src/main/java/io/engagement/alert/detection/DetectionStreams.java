package io.engagement.alert.detection;

import io.engagement.platform.stream.ExactlyOnceStreams;
import io.engagement.alert.rule.RuleDirectory;
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

/** Runs the detection topology with exactly-once processing for as long as the service runs. */
@Component
@EnableConfigurationProperties(DetectionSettings.class)
public class DetectionStreams implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(DetectionStreams.class);

    private final ObjectMapper json;
    private final RuleDirectory rules;
    private final DetectionSettings settings;
    private final String bootstrapServers;
    private final int port;
    private final MeterRegistry meters;
    private volatile KafkaStreams streams;
    // the topology's client metrics (its consumers' lag among them) on /actuator/prometheus while it runs
    private volatile KafkaStreamsMetrics streamsMetrics;

    DetectionStreams(ObjectMapper json, RuleDirectory rules, DetectionSettings settings, MeterRegistry meters,
                     @Value("${spring.kafka.bootstrap-servers:localhost:9092}") String bootstrapServers,
                     @Value("${server.port:8084}") int port) {
        this.json = json;
        this.meters = meters;
        this.rules = rules;
        this.settings = settings;
        this.bootstrapServers = bootstrapServers;
        this.port = port;
    }

    @Override
    public void start() {
        streams = new KafkaStreams(DetectionTopology.build(json, rules::enabledRules, settings), properties());
        streams.setUncaughtExceptionHandler(failure -> {
            log.error("Alert detection failed; replacing the stream thread", failure);
            return StreamsUncaughtExceptionHandler.StreamThreadExceptionResponse.REPLACE_THREAD;
        });
        // the listeners' client metrics carry spring_id; Prometheus takes one name only with one set of tag keys
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

    /** Stops after the delivery poller, which must not start attempts while the service shuts down. */
    @Override
    public int getPhase() {
        return SmartLifecycle.DEFAULT_PHASE - 10;
    }

    public KafkaStreams.State state() {
        return streams == null ? KafkaStreams.State.CREATED : streams.state();
    }

    private Properties properties() {
        // one directory per instance, so two instances on one machine never contend for a store
        String stateDir = settings.stateDir() != null ? settings.stateDir()
                : System.getProperty("java.io.tmpdir") + "/engagement-alert-state-" + port;
        return new ExactlyOnceStreams(settings.applicationId(), bootstrapServers, settings.commitInterval(), stateDir,
                settings.replicationFactor(), 8L * 1024 * 1024, 5).properties();
    }
}
