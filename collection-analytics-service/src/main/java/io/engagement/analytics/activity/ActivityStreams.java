package io.engagement.analytics.activity;

import io.engagement.platform.stream.ExactlyOnceStreams;
import io.engagement.analytics.session.SessionSettings;
import io.engagement.platform.event.Topics;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.binder.kafka.KafkaStreamsMetrics;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.errors.StreamsUncaughtExceptionHandler;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.SmartLifecycle;
import org.springframework.kafka.core.KafkaAdmin;
import org.springframework.stereotype.Component;
import tools.jackson.databind.ObjectMapper;

import java.time.Duration;
import java.util.Properties;

/** Runs the page-activity and session topology with exactly-once processing for as long as the service runs. */
@Component
public class ActivityStreams implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(ActivityStreams.class);

    private final ObjectMapper json;
    private final ActivitySettings settings;
    private final SessionSettings sessions;
    private final KafkaAdmin admin;
    private final String bootstrapServers;
    private final int port;
    private final MeterRegistry meters;
    private volatile KafkaStreams streams;
    // the topology's client metrics (its consumers' lag among them) on /actuator/prometheus while it runs
    private volatile KafkaStreamsMetrics streamsMetrics;

    ActivityStreams(ObjectMapper json, ActivitySettings settings, SessionSettings sessions, KafkaAdmin admin, MeterRegistry meters,
                    @Value("${spring.kafka.bootstrap-servers:localhost:9092}") String bootstrapServers,
                    @Value("${server.port:8082}") int port) {
        this.json = json;
        this.meters = meters;
        this.settings = settings;
        this.sessions = sessions;
        this.admin = admin;
        this.bootstrapServers = bootstrapServers;
        this.port = port;
    }

    @Override
    public void start() {
        streams = new KafkaStreams(ActivityTopology.build(json, settings, sessions, telemetryPartitions()), properties());
        streams.setUncaughtExceptionHandler(failure -> {
            log.error("Page activity processing failed; replacing the stream thread", failure);
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

    /** Stops taking records until {@link #resume}; the instance stays in its group and keeps its tasks. */
    public void pause() {
        if (streams != null) {
            streams.pause();
        }
    }

    public void resume() {
        if (streams != null) {
            streams.resume();
        }
    }

    public boolean isPaused() {
        return streams != null && streams.isPaused();
    }

    public KafkaStreams.State state() {
        return streams == null ? KafkaStreams.State.CREATED : streams.state();
    }

    /** The topic exists by now: its declaration is created before any lifecycle bean starts. */
    private int telemetryPartitions() {
        return admin.describeTopics(Topics.TELEMETRY).get(Topics.TELEMETRY).partitions().size();
    }

    private Properties properties() {
        // one directory per instance, so two instances on one machine never contend for a store
        String stateDir = settings.stateDir() != null ? settings.stateDir()
                : System.getProperty("java.io.tmpdir") + "/engagement-activity-state-" + port;
        return new ExactlyOnceStreams(settings.applicationId(), bootstrapServers, settings.commitInterval(), stateDir,
                settings.replicationFactor(), 16L * 1024 * 1024, 20).properties();
    }
}
