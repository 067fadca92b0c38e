package io.engagement.analytics.activity;

import io.engagement.analytics.CollectionAnalyticsApplication;
import io.engagement.platform.event.Topics;
import io.engagement.testkit.Infrastructure;
import io.engagement.testkit.SharedInfrastructure;
import io.engagement.testkit.WithInfrastructure;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.errors.StreamsUncaughtExceptionHandler;
import org.apache.kafka.streams.errors.StreamsUncaughtExceptionHandler.StreamThreadExceptionResponse;
import org.junit.jupiter.api.AfterEach;
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
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.verify;

/**
 * The activity topology as the Kafka Streams binder runs it in the whole service, against the real
 * broker: the topology it had before (stores, changelogs, repartition topics by name), its
 * exactly-once configuration, its bindings on /actuator/bindings (stopped and started there), its
 * health and metrics; and counting that goes on across a restart of the service on the same state
 * directory without counting anything twice.
 */
@WithInfrastructure
class ActivityTopologyIT {

    private static final String APPLICATION_ID = "collection-analytics-activity";
    private static final String SECRET = UUID.randomUUID() + "-" + UUID.randomUUID();
    private static final Duration WITHIN = Duration.ofSeconds(90);
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final long organizationId = ThreadLocalRandom.current().nextLong(1_000_000, 2_000_000);
    private final String database = "activity_topology_" + UUID.randomUUID().toString().replace("-", "");
    private final Instant at = Instant.now().minus(Duration.ofHours(1)).truncatedTo(ChronoUnit.SECONDS);
    private final HttpClient http = HttpClient.newHttpClient();
    private final Infrastructure infrastructure = SharedInfrastructure.get();
    private final Outputs outputs = new Outputs();

    @TempDir
    Path stateDir;

    @AfterEach
    void close() {
        outputs.close();
    }

    @Test
    void theBinderRunsTheTopologyItHadWithItsExactlyOnceSettings() throws IOException {
        try (ConfigurableApplicationContext service = start()) {
            StreamsBuilderFactoryBean factory = service.getBean("&stream-builder-activity", StreamsBuilderFactoryBean.class);

            assertThat(factory.getTopology().describe().toString()).isEqualTo(recorded("topology/collection-analytics-activity.txt"));
            Properties config = factory.getStreamsConfiguration();
            assertThat(config).containsEntry(StreamsConfig.APPLICATION_ID_CONFIG, APPLICATION_ID)
                    .containsEntry(StreamsConfig.PROCESSING_GUARANTEE_CONFIG, StreamsConfig.EXACTLY_ONCE_V2)
                    .containsEntry(StreamsConfig.COMMIT_INTERVAL_MS_CONFIG, "500")
                    .containsEntry(StreamsConfig.STATE_DIR_CONFIG, stateDir.toString())
                    .containsEntry(StreamsConfig.REPLICATION_FACTOR_CONFIG, "-1")
                    .containsEntry(StreamsConfig.ROCKSDB_CONFIG_SETTER_CLASS_CONFIG, "io.engagement.platform.stream.SmallRocksDb")
                    .containsEntry("engagement.rocksdb.block-cache-bytes", "16777216")
                    .containsEntry("consumer.auto.offset.reset", "earliest")
                    .containsEntry("consumer.session.timeout.ms", "10000")
                    .containsEntry("consumer.heartbeat.interval.ms", "3000")
                    .containsEntry("producer.compression.type", "lz4")
                    .containsEntry("producer.linger.ms", "20")
                    .containsEntry("producer.delivery.timeout.ms", "2147483647");
            assertThat(String.valueOf(config.get(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG))).contains(infrastructure.kafkaBootstrapServers());
            assertThat(onFailure(factory)).isEqualTo(StreamThreadExceptionResponse.REPLACE_THREAD);
            await().atMost(WITHIN).until(() -> factory.getKafkaStreams() != null && factory.getKafkaStreams().state() == KafkaStreams.State.RUNNING);

            JsonNode bindings = get(service, "/actuator/bindings");
            assertThat(bindings.valueStream().map(binding -> binding.get("bindingName").asString() + "@" + binding.get("group").asString()))
                    .contains("activity-in-0@" + APPLICATION_ID, "activity-in-1@" + APPLICATION_ID, "activity-in-2@" + APPLICATION_ID,
                            "activity-out-0@" + APPLICATION_ID, "activity-out-1@" + APPLICATION_ID);
            assertThat(get(service, "/actuator/health").at("/components/binders/components/kstream/status").asString()).isEqualTo("UP");
            assertThat(text(service, "/actuator/prometheus"))
                    .containsPattern("kafka_consumer_fetch_manager_records_lag_max\\{[^}]*client_id=\"" + APPLICATION_ID + "[^}]*spring_id=\"" + APPLICATION_ID + "\"");

            // stopped through the endpoint, the topology is down and leaves its group; started, it runs again
            assertThat(post(service, "/actuator/bindings/activity-in-0", "{\"state\": \"STOPPED\"}")).isLessThan(300);
            await().atMost(WITHIN).untilAsserted(() -> {
                assertThat(factory.isRunning()).isFalse();
                assertThat(get(service, "/actuator/health").at("/components/binders/components/kstream/status").asString()).isEqualTo("DOWN");
            });
            assertThat(post(service, "/actuator/bindings/activity-in-0", "{\"state\": \"STARTED\"}")).isLessThan(300);
            await().atMost(WITHIN).untilAsserted(() ->
                    assertThat(get(service, "/actuator/health").at("/components/binders/components/kstream/status").asString()).isEqualTo("UP"));

            // paused, it keeps its tasks and takes nothing until resumed
            ActivityPause pause = service.getBean(ActivityPause.class);
            pause.pause();
            assertThat(pause.isPaused()).isTrue();
            send(views(0, 10));
            outputs.pollFor(Duration.ofSeconds(3));
            assertThat(outputs.visits()).isZero();
            pause.resume();
            assertThat(pause.isPaused()).isFalse();
            await().atMost(WITHIN).untilAsserted(() -> assertThat(outputs.poll().visits()).isEqualTo(10));
        }
    }

    @Test
    void countingGoesOnAfterARestartWithoutCountingAnythingTwice() {
        List<String> first = views(0, 120);
        try (ConfigurableApplicationContext service = start()) {
            send(first);
            await().atMost(WITHIN).untilAsserted(() -> {
                outputs.poll();
                assertThat(outputs.visits()).isEqualTo(120);
                assertThat(outputs.sessionEvents()).isEqualTo(120);
            });
        }

        try (ConfigurableApplicationContext service = start()) {
            // the first events again (a resent batch) and as many new ones
            send(first);
            send(views(120, 240));
            await().atMost(WITHIN).untilAsserted(() -> {
                outputs.poll();
                assertThat(outputs.visits()).isEqualTo(240);
                assertThat(outputs.sessionEvents()).isEqualTo(240);
            });
            outputs.pollFor(Duration.ofSeconds(5));
            assertThat(outputs.visits()).isEqualTo(240);
            assertThat(outputs.sessionEvents()).isEqualTo(240);
        }
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

    private ConfigurableApplicationContext start() {
        return new SpringApplicationBuilder(CollectionAnalyticsApplication.class).run(
                "--server.port=0",
                "--spring.kafka.bootstrap-servers=" + infrastructure.kafkaBootstrapServers(),
                "--spring.mongodb.uri=" + infrastructure.mongoUri(),
                "--spring.mongodb.database=" + database,
                "--engagement.internal-token.secret=" + SECRET,
                "--engagement.analytics.activity.state-dir=" + stateDir);
    }

    /** Page views {@code from} (inclusive) to {@code to}, one session, over three pages. */
    private List<String> views(int from, int to) {
        return IntStream.range(from, to).mapToObj(i -> JSON.createObjectNode()
                .put("org_id", organizationId)
                .put("type", "telemetry.page_view")
                .set("data", JSON.createObjectNode()
                        .put("event_id", "view-" + i)
                        .put("type", "page_view")
                        .put("session_id", "s-1")
                        .put("timestamp", at.plusSeconds(i).toString())
                        .put("url", "https://app.example.com/page-" + (i % 3)))
                .toString()).toList();
    }

    private void send(List<String> events) {
        Map<String, Object> config = Map.of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, infrastructure.kafkaBootstrapServers(),
                ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class,
                ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class);
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(config)) {
            events.forEach(event -> producer.send(new ProducerRecord<>(Topics.TELEMETRY, organizationId + ":s-1", event)));
        }
    }

    private static String recorded(String resource) throws IOException {
        try (InputStream in = ActivityTopologyIT.class.getClassLoader().getResourceAsStream(resource)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private URI uri(ConfigurableApplicationContext service, String path) {
        return URI.create("http://127.0.0.1:" + service.getEnvironment().getProperty("local.server.port") + path);
    }

    private JsonNode get(ConfigurableApplicationContext service, String path) {
        return JSON.readTree(text(service, path));
    }

    private String text(ConfigurableApplicationContext service, String path) {
        try {
            return http.send(HttpRequest.newBuilder(uri(service, path)).GET().build(), HttpResponse.BodyHandlers.ofString()).body();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private int post(ConfigurableApplicationContext service, String path, String body) {
        try {
            return http.send(HttpRequest.newBuilder(uri(service, path)).header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString()).statusCode();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /**
     * What the topology published for this test's organization, as a consumer of its committed
     * output reads it: the page visits counted, and the events its session's latest summary counts.
     */
    private final class Outputs implements AutoCloseable {

        private final KafkaConsumer<String, String> consumer;
        private long visits;
        private long sessionEvents;

        Outputs() {
            Map<String, Object> config = new HashMap<>(Map.of(
                    ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, infrastructure.kafkaBootstrapServers(),
                    ConsumerConfig.GROUP_ID_CONFIG, "activity-topology-it-" + UUID.randomUUID(),
                    ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest",
                    ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed",
                    ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class,
                    ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class));
            consumer = new KafkaConsumer<>(config);
            consumer.subscribe(List.of(Topics.PAGE_ACTIVITY, Topics.SESSION));
        }

        Outputs poll() {
            consumer.poll(Duration.ofMillis(500)).forEach(record -> {
                if (record.key() == null || !record.key().startsWith(organizationId + ":") || record.value() == null) {
                    return;
                }
                JsonNode value = JSON.readTree(record.value());
                if (record.topic().equals(Topics.PAGE_ACTIVITY)) {
                    visits += value.path("visits").asLong();
                } else {
                    sessionEvents = Math.max(sessionEvents, value.path("data").path("event_count").asLong());
                }
            });
            return this;
        }

        void pollFor(Duration duration) {
            long until = System.nanoTime() + duration.toNanos();
            while (System.nanoTime() < until) {
                poll();
            }
        }

        long visits() {
            return visits;
        }

        long sessionEvents() {
            return sessionEvents;
        }

        @Override
        public void close() {
            consumer.close();
        }
    }
}
