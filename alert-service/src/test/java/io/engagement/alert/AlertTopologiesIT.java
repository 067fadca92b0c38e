package io.engagement.alert;

import io.engagement.testkit.Infrastructure;
import io.engagement.testkit.SharedInfrastructure;
import io.engagement.testkit.WithInfrastructure;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.errors.StreamsUncaughtExceptionHandler;
import org.apache.kafka.streams.errors.StreamsUncaughtExceptionHandler.StreamThreadExceptionResponse;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mockito.ArgumentCaptor;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.kafka.config.KafkaStreamsCustomizer;
import org.springframework.kafka.config.StreamsBuilderFactoryBean;
import org.springframework.test.util.ReflectionTestUtils;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Properties;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.verify;

/**
 * Detection and trigger evaluation as the Kafka Streams binder runs them in the whole service,
 * against the real broker: two applications, each with the topology it had before (its own stores,
 * changelogs and repartition topic by name, none of the other's), its exactly-once configuration
 * and state directory, its bindings on /actuator/bindings, and its health and metrics.
 */
@WithInfrastructure
class AlertTopologiesIT {

    private static final String SECRET = UUID.randomUUID() + "-" + UUID.randomUUID();
    private static final Duration WITHIN = Duration.ofSeconds(90);
    private static final JsonMapper JSON = JsonMapper.builder().build();
    /** A name Kafka Streams makes up for an unnamed node: its kind and the builder's running index. */
    private static final Pattern GENERATED_NAME = Pattern.compile("KSTREAM-([A-Z]+)-\\d{10}");

    private final Infrastructure infrastructure = SharedInfrastructure.get();
    private final HttpClient http = HttpClient.newHttpClient();

    @TempDir
    Path detectionState;
    @TempDir
    Path triggerState;

    @Test
    void theBinderRunsBothTopologiesAsTheyWereEachWithItsOwnStoresAndSettings() throws IOException {
        try (ConfigurableApplicationContext service = start()) {
            StreamsBuilderFactoryBean detection = service.getBean("&stream-builder-detection", StreamsBuilderFactoryBean.class);
            StreamsBuilderFactoryBean triggers = service.getBean("&stream-builder-triggers", StreamsBuilderFactoryBean.class);

            // the same sub-topologies, topics and stores; only the numbers in generated node names moved
            assertThat(withoutIndexes(detection.getTopology().describe().toString()))
                    .isEqualTo(withoutIndexes(recorded("topology/alert-detection.txt")));
            assertThat(withoutIndexes(triggers.getTopology().describe().toString()))
                    .isEqualTo(withoutIndexes(recorded("topology/alert-triggers.txt")));

            assertExactlyOnce(detection.getStreamsConfiguration(), "alert-detection", detectionState);
            assertExactlyOnce(triggers.getStreamsConfiguration(), "alert-triggers", triggerState);

            assertThat(onFailure(detection)).isEqualTo(StreamThreadExceptionResponse.REPLACE_THREAD);
            assertThat(onFailure(triggers)).isEqualTo(StreamThreadExceptionResponse.REPLACE_THREAD);
            await().atMost(WITHIN).until(() -> running(detection) && running(triggers));
            JsonNode bindings = get(service, "/actuator/bindings");
            assertThat(bindings.valueStream().map(binding -> binding.get("bindingName").asString() + "@" + binding.get("group").asString()))
                    .contains("detection-in-0@alert-detection", "detection-in-1@alert-detection", "detection-out-0@alert-detection",
                            "triggers-in-0@alert-triggers", "triggers-in-1@alert-triggers", "triggers-in-2@alert-triggers",
                            "triggers-in-3@alert-triggers", "triggers-out-0@alert-triggers");
            JsonNode streams = get(service, "/actuator/health").at("/components/binders/components/kstream");
            assertThat(streams.get("status").asString()).isEqualTo("UP");
            assertThat(streams.get("details").has("alert-detection")).isTrue();
            assertThat(streams.get("details").has("alert-triggers")).isTrue();
            String metrics = text(service, "/actuator/prometheus");
            for (String applicationId : new String[] {"alert-detection", "alert-triggers"}) {
                assertThat(metrics).containsPattern("kafka_consumer_fetch_manager_records_lag_max\\{[^}]*client_id=\"" + applicationId
                        + "[^}]*spring_id=\"" + applicationId + "\"");
            }
        }
    }

    private static void assertExactlyOnce(Properties config, String applicationId, Path stateDir) {
        assertThat(config).containsEntry(StreamsConfig.APPLICATION_ID_CONFIG, applicationId)
                .containsEntry(StreamsConfig.PROCESSING_GUARANTEE_CONFIG, StreamsConfig.EXACTLY_ONCE_V2)
                .containsEntry(StreamsConfig.COMMIT_INTERVAL_MS_CONFIG, "100")
                .containsEntry(StreamsConfig.STATE_DIR_CONFIG, stateDir.toString())
                .containsEntry(StreamsConfig.REPLICATION_FACTOR_CONFIG, "-1")
                .containsEntry(StreamsConfig.ROCKSDB_CONFIG_SETTER_CLASS_CONFIG, "io.engagement.platform.stream.SmallRocksDb")
                .containsEntry("engagement.rocksdb.block-cache-bytes", "8388608")
                .containsEntry("consumer.auto.offset.reset", "earliest")
                .containsEntry("consumer.session.timeout.ms", "10000")
                .containsEntry("consumer.heartbeat.interval.ms", "3000")
                .containsEntry("producer.compression.type", "lz4")
                .containsEntry("producer.linger.ms", "5")
                .containsEntry("producer.delivery.timeout.ms", "2147483647");
    }

    /** What the topology's client is told to do when a stream thread fails. */
    private static StreamThreadExceptionResponse onFailure(StreamsBuilderFactoryBean factory) {
        KafkaStreamsCustomizer customizer = (KafkaStreamsCustomizer) ReflectionTestUtils.getField(factory, "kafkaStreamsCustomizer");
        KafkaStreams streams = mock(KafkaStreams.class);
        customizer.customize(streams);
        ArgumentCaptor<StreamsUncaughtExceptionHandler> handler = ArgumentCaptor.forClass(StreamsUncaughtExceptionHandler.class);
        verify(streams).setUncaughtExceptionHandler(handler.capture());
        return handler.getValue().handle(new IllegalStateException("a failing record"));
    }

    private static boolean running(StreamsBuilderFactoryBean factory) {
        return factory.getKafkaStreams() != null && factory.getKafkaStreams().state() == KafkaStreams.State.RUNNING;
    }

    private ConfigurableApplicationContext start() {
        return new SpringApplicationBuilder(AlertApplication.class).run(
                "--server.port=0",
                "--spring.kafka.bootstrap-servers=" + infrastructure.kafkaBootstrapServers(),
                "--spring.mongodb.uri=" + infrastructure.mongoUri(),
                "--spring.mongodb.database=alert_topologies_" + UUID.randomUUID().toString().replace("-", ""),
                "--engagement.internal-token.secret=" + SECRET,
                "--engagement.alert.detection.state-dir=" + detectionState,
                "--engagement.alert.triggers.state-dir=" + triggerState);
    }

    private static String withoutIndexes(String description) {
        Matcher generated = GENERATED_NAME.matcher(description);
        return generated.replaceAll("KSTREAM-$1");
    }

    private static String recorded(String resource) throws IOException {
        try (InputStream in = AlertTopologiesIT.class.getClassLoader().getResourceAsStream(resource)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private JsonNode get(ConfigurableApplicationContext service, String path) {
        return JSON.readTree(text(service, path));
    }

    private String text(ConfigurableApplicationContext service, String path) {
        URI uri = URI.create("http://127.0.0.1:" + service.getEnvironment().getProperty("local.server.port") + path);
        try {
            return http.send(HttpRequest.newBuilder(uri).GET().build(), HttpResponse.BodyHandlers.ofString()).body();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
