package io.engagement.analytics.ingest;

import io.engagement.platform.error.ApiException;
import io.engagement.platform.event.EventPublisher;
import io.engagement.platform.trace.RecordTracing;
import io.engagement.platform.event.Topics;
import io.engagement.testkit.SharedInfrastructure;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpStatus;
import org.springframework.kafka.core.DefaultKafkaProducerFactory;
import org.springframework.kafka.core.KafkaTemplate;
import tools.jackson.databind.PropertyNamingStrategies;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.net.ServerSocket;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

/** Accepted telemetry through the real broker: acknowledged before the answer, or a 503 to retry. */
class TelemetryPublisherIT {

    private static final JsonMapper JSON = JsonMapper.builder().propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE).build();
    private static final Instant AT = Instant.parse("2026-11-22T10:00:00Z");

    private final long organizationId = ThreadLocalRandom.current().nextLong(1_000_000, 2_000_000);

    @Test
    void aBatchIsOnItsTopicsKeyedBySessionOnceThePublishCompletes() {
        SharedInfrastructure.createTopics(Map.of(Topics.TELEMETRY, 1, Topics.REPLAY, 1));
        KafkaTemplate<String, String> kafka = template(SharedInfrastructure.get().kafkaBootstrapServers(), Map.of());
        String clientId = UUID.randomUUID().toString();
        List<AcceptedEvent> batch = List.of(event("page_view", "s-1", clientId), event("click", "s-2", "click-1"),
                event("replay", "s-1", "replay-1"));

        new TelemetryPublisher(new EventPublisher(kafka, JSON, RecordTracing.none()), FairShareTest.everythingOnTheMainTopic(), new IngestSettings(Duration.ofSeconds(8))).publish(organizationId, batch)
                .block(Duration.ofSeconds(30));

        List<ConsumerRecord<String, String>> published = readBack(3);
        assertThat(published).extracting(ConsumerRecord::topic, ConsumerRecord::key).containsExactlyInAnyOrder(
                tuple(Topics.TELEMETRY, organizationId + ":s-1"),
                tuple(Topics.TELEMETRY, organizationId + ":s-2"),
                tuple(Topics.REPLAY, organizationId + ":s-1"));
        ObjectNode view = envelopeOf(published, "page_view");
        // a client's UUID is the envelope's id; any other id maps to a stable name-based UUID
        assertThat(view.get("id").asString()).isEqualTo(clientId);
        assertThat(view.get("occurred_at").asString()).isEqualTo("2026-11-22T10:00:00Z");
        assertThat(view.get("data").get("session_id").asString()).isEqualTo("s-1");
        assertThat(envelopeOf(published, "click").get("id").asString())
                .isEqualTo(UUID.nameUUIDFromBytes("click-1".getBytes()).toString());
        kafka.destroy();
    }

    @Test
    void anUnreachableBrokerIsA503SoTheClientRetriesTheBatch() throws IOException {
        KafkaTemplate<String, String> kafka = template("127.0.0.1:" + closedPort(),
                Map.of(ProducerConfig.MAX_BLOCK_MS_CONFIG, 500));
        TelemetryPublisher publisher = new TelemetryPublisher(new EventPublisher(kafka, JSON, RecordTracing.none()), FairShareTest.everythingOnTheMainTopic(), new IngestSettings(Duration.ofSeconds(2)));

        assertThatThrownBy(() -> publisher.publish(organizationId, List.of(event("page_view", "s-1", "e-1"))).block(Duration.ofSeconds(20)))
                .isInstanceOfSatisfying(ApiException.class, failure -> assertThat(failure.status()).isEqualTo(HttpStatus.SERVICE_UNAVAILABLE));
        kafka.destroy();
    }

    private static AcceptedEvent event(String type, String session, String eventId) {
        ObjectNode event = JSON.createObjectNode().put("type", type).put("event_id", eventId).put("session_id", session)
                .put("timestamp", AT.toString()).put("url", "https://app.example.com/a");
        return new AcceptedEvent(event, AT);
    }

    private static KafkaTemplate<String, String> template(String bootstrap, Map<String, Object> overrides) {
        Map<String, Object> config = new HashMap<>(Map.of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap,
                ProducerConfig.ACKS_CONFIG, "all",
                ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true,
                ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class,
                ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class));
        config.putAll(overrides);
        return new KafkaTemplate<>(new DefaultKafkaProducerFactory<>(config));
    }

    private List<ConsumerRecord<String, String>> readBack(int expected) {
        Map<String, Object> config = Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, SharedInfrastructure.get().kafkaBootstrapServers(),
                ConsumerConfig.GROUP_ID_CONFIG, "publisher-it-" + UUID.randomUUID(),
                ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest",
                ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class,
                ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class);
        List<ConsumerRecord<String, String>> ours = new ArrayList<>();
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(config)) {
            consumer.subscribe(List.of(Topics.TELEMETRY, Topics.REPLAY));
            long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            while (ours.size() < expected && System.nanoTime() < deadline) {
                consumer.poll(Duration.ofMillis(200)).forEach(record -> {
                    if (record.key().startsWith(organizationId + ":")) {
                        ours.add(record);
                    }
                });
            }
        }
        return ours;
    }

    private static ObjectNode envelopeOf(List<ConsumerRecord<String, String>> records, String type) {
        return records.stream().map(record -> (ObjectNode) JSON.readTree(record.value()))
                .filter(envelope -> envelope.get("type").asString().equals(type))
                .findFirst().orElseThrow();
    }

    private static int closedPort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
