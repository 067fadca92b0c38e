package io.engagement.infra;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.TopicPartitionInfo;
import org.apache.kafka.common.errors.TopicExistsException;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Creates topics that are missing and waits until every partition has a leader: an idempotent
 * producer that starts before that can loop on sequence errors.
 */
public final class KafkaTopics {

    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    private KafkaTopics() {
    }

    public static void create(String bootstrapServers, Map<String, Integer> topicPartitions, Set<String> compacted) {
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers))) {
            create(admin, topicPartitions, compacted);
        }
    }

    /** {@code compacted}: the topics among them that keep only each key's latest record. */
    public static void create(Admin admin, Map<String, Integer> topicPartitions, Set<String> compacted) {
        if (topicPartitions.isEmpty()) {
            return;
        }
        try {
            Set<String> existing = admin.listTopics().names().get(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
            List<NewTopic> missing = topicPartitions.entrySet().stream()
                    .filter(topic -> !existing.contains(topic.getKey()))
                    .map(topic -> new NewTopic(topic.getKey(), topic.getValue(), (short) 1)
                            .configs(compacted.contains(topic.getKey()) ? Map.of("cleanup.policy", "compact") : Map.of()))
                    .toList();
            createAll(admin, missing);
            awaitLeaders(admin, topicPartitions.keySet());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while creating topics", e);
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException("cannot create topics " + topicPartitions.keySet(), e);
        }
    }

    private static void createAll(Admin admin, List<NewTopic> topics) throws InterruptedException, TimeoutException {
        for (var result : admin.createTopics(topics).values().entrySet()) {
            try {
                result.getValue().get(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
            } catch (ExecutionException e) {
                if (!(e.getCause() instanceof TopicExistsException)) {
                    throw new IllegalStateException("cannot create topic " + result.getKey(), e.getCause());
                }
            }
        }
    }

    private static void awaitLeaders(Admin admin, Set<String> topics) throws InterruptedException {
        long deadline = System.nanoTime() + TIMEOUT.toNanos();
        Throwable last = null;
        while (System.nanoTime() < deadline) {
            try {
                Map<String, TopicDescription> descriptions = admin.describeTopics(topics).allTopicNames().get(10, TimeUnit.SECONDS);
                if (descriptions.size() == topics.size() && descriptions.values().stream()
                        .flatMap(description -> description.partitions().stream())
                        .map(TopicPartitionInfo::leader)
                        .allMatch(leader -> leader != null && !leader.isEmpty())) {
                    return;
                }
            } catch (ExecutionException e) {
                if (!(e.getCause() instanceof UnknownTopicOrPartitionException)) {
                    last = e.getCause();
                }
            } catch (TimeoutException e) {
                last = e;
            }
            Thread.sleep(50);
        }
        throw new IllegalStateException("topics " + topics + " have no leaders after " + TIMEOUT, last);
    }
}
