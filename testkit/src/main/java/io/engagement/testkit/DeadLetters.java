package io.engagement.testkit;

import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.serialization.StringDeserializer;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Predicate;

/** A topic's dead letters on the shared broker, and the headers the dead-letter policy writes. */
public final class DeadLetters {

    private DeadLetters() {
    }

    /**
     * The records of {@code topic} that {@code wanted} picks, read from the start until there are
     * {@code count} of them; fails when {@code within} passes first.
     */
    public static List<ConsumerRecord<String, String>> await(String topic, Predicate<ConsumerRecord<String, String>> wanted, int count,
                                                             Duration within) {
        Map<String, Object> config = Map.of(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, SharedInfrastructure.get().kafkaBootstrapServers(),
                ConsumerConfig.GROUP_ID_CONFIG, "dead-letter-reader-" + UUID.randomUUID(),
                ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        List<ConsumerRecord<String, String>> found = new ArrayList<>();
        long deadline = System.nanoTime() + within.toNanos();
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(config, new StringDeserializer(), new StringDeserializer())) {
            consumer.subscribe(List.of(topic));
            while (found.size() < count) {
                if (System.nanoTime() > deadline) {
                    throw new AssertionError("found " + found.size() + " of " + count + " dead letters on " + topic + " within " + within);
                }
                consumer.poll(Duration.ofMillis(200)).forEach(record -> {
                    if (wanted.test(record)) {
                        found.add(record);
                    }
                });
            }
        }
        return found;
    }

    /** The records of {@code topic} that {@code wanted} picks, from its start to its end as it is now. */
    public static List<ConsumerRecord<String, String>> untilNow(String topic, Predicate<ConsumerRecord<String, String>> wanted) {
        Map<String, Object> config = Map.of(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, SharedInfrastructure.get().kafkaBootstrapServers(),
                ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        List<ConsumerRecord<String, String>> found = new ArrayList<>();
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(config, new StringDeserializer(), new StringDeserializer())) {
            List<TopicPartition> partitions = consumer.partitionsFor(topic, Duration.ofSeconds(10)).stream()
                    .map(partition -> new TopicPartition(topic, partition.partition())).toList();
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            Map<TopicPartition, Long> ends = consumer.endOffsets(partitions);
            while (partitions.stream().anyMatch(partition -> consumer.position(partition) < ends.get(partition))) {
                consumer.poll(Duration.ofMillis(200)).forEach(record -> {
                    if (wanted.test(record)) {
                        found.add(record);
                    }
                });
            }
        }
        return found;
    }

    /** A text header ({@code kafka_dlt-original-topic}, {@code kafka_dlt-exception-message}, ...). */
    public static String header(ConsumerRecord<String, String> record, String name) {
        return new String(required(record, name).value(), StandardCharsets.UTF_8);
    }

    /** A number header ({@code kafka_dlt-original-offset}), written as eight bytes. */
    public static long longHeader(ConsumerRecord<String, String> record, String name) {
        return ByteBuffer.wrap(required(record, name).value()).getLong();
    }

    private static Header required(ConsumerRecord<String, String> record, String name) {
        Header header = record.headers().lastHeader(name);
        if (header == null) {
            throw new AssertionError("the dead letter has no " + name + " header");
        }
        return header;
    }
}
