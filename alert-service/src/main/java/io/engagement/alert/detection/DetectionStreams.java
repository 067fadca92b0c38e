package io.engagement.alert.detection;

import io.engagement.alert.rule.RuleDirectory;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.StreamsConfig;
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
    private volatile KafkaStreams streams;

    DetectionStreams(ObjectMapper json, RuleDirectory rules, DetectionSettings settings,
                     @Value("${spring.kafka.bootstrap-servers:localhost:9092}") String bootstrapServers,
                     @Value("${server.port:8084}") int port) {
        this.json = json;
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
        streams.start();
    }

    @Override
    public void stop() {
        if (streams != null) {
            streams.close(Duration.ofSeconds(15));
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
        Properties p = new Properties();
        p.put(StreamsConfig.APPLICATION_ID_CONFIG, settings.applicationId());
        p.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        p.put(StreamsConfig.PROCESSING_GUARANTEE_CONFIG, StreamsConfig.EXACTLY_ONCE_V2);
        p.put(StreamsConfig.COMMIT_INTERVAL_MS_CONFIG, settings.commitInterval().toMillis());
        // one directory per instance, so two instances on one machine never contend for a store
        p.put(StreamsConfig.STATE_DIR_CONFIG, settings.stateDir() != null ? settings.stateDir()
                : System.getProperty("java.io.tmpdir") + "/engagement-alert-state-" + port);
        p.put(StreamsConfig.REPLICATION_FACTOR_CONFIG, settings.replicationFactor());
        p.put(StreamsConfig.ROCKSDB_CONFIG_SETTER_CLASS_CONFIG, SmallRocksDb.class);
        p.put(StreamsConfig.consumerPrefix(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG), "earliest");
        // a stopped instance does not leave the group; its partitions move on after this long, not 45 s
        p.put(StreamsConfig.consumerPrefix(ConsumerConfig.SESSION_TIMEOUT_MS_CONFIG), 10_000);
        p.put(StreamsConfig.consumerPrefix(ConsumerConfig.HEARTBEAT_INTERVAL_MS_CONFIG), 3_000);
        p.put(StreamsConfig.producerPrefix(ProducerConfig.COMPRESSION_TYPE_CONFIG), "lz4");
        p.put(StreamsConfig.producerPrefix(ProducerConfig.LINGER_MS_CONFIG), 5);
        return p;
    }
}
