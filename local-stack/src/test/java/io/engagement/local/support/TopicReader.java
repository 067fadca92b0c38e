package io.engagement.local.support;

import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.serialization.StringDeserializer;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.MissingNode;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Predicate;

import org.awaitility.Awaitility;

/** Reads a topic of the real broker from its start, keeping every record seen. */
public final class TopicReader implements AutoCloseable {


    private final KafkaConsumer<String, String> consumer;
    private final List<ConsumerRecord<String, String>> seen = new CopyOnWriteArrayList<>();

    public TopicReader(String bootstrapServers, String topic) {
        consumer = new KafkaConsumer<>(Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers,
                ConsumerConfig.GROUP_ID_CONFIG, "test-" + UUID.randomUUID(),
                ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest",
                ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName(),
                ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName()));
        consumer.subscribe(List.of(topic));
    }

    /** Waits until {@code count} records match, and answers them. */
    public List<ConsumerRecord<String, String>> awaitMatching(Predicate<ConsumerRecord<String, String>> match, int count) {
        Awaitility.await().atMost(Duration.ofSeconds(30)).until(() -> {
            consumer.poll(Duration.ofMillis(200)).forEach(seen::add);
            return seen.stream().filter(match).count() >= count;
        });
        return seen.stream().filter(match).toList();
    }

    /** Every record read so far, in the order read. */
    public List<ConsumerRecord<String, String>> seen() {
        return List.copyOf(seen);
    }

    /**
     * The record's value as JSON; a missing node for a tombstone or a value that is no JSON, which
     * the dead-letter tests put on the suite's shared topics on purpose.
     */
    public static JsonNode json(ConsumerRecord<String, String> record) {
        if (record.value() == null) {
            return MissingNode.getInstance();
        }
        try {
            return Json.read(record.value());
        } catch (JacksonException notJson) {
            return MissingNode.getInstance();
        }
    }

    @Override
    public void close() {
        consumer.close();
    }
}
