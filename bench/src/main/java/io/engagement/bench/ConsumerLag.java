package io.engagement.bench;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.GroupListing;
import org.apache.kafka.clients.admin.ListGroupsOptions;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * How far each consumer group of the broker is behind: the latest offset of every partition it has
 * committed on, less its committed offset. Kafka Streams applications are consumer groups named by
 * their application id, so their input topics, repartition topics and changelog-free state are
 * covered too.
 */
final class ConsumerLag implements AutoCloseable {

    private final Admin admin;

    ConsumerLag(String bootstrap) {
        this.admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap));
    }

    Admin admin() {
        return admin;
    }

    /** Every consumer group's lag, by name. */
    Map<String, Group> all() throws Exception {
        List<String> groups = admin.listGroups(ListGroupsOptions.forConsumerGroups()).all().get().stream()
                .map(GroupListing::groupId).toList();
        return of(groups);
    }

    /** The lag of the groups named, by name; a group that has committed nothing has none. */
    Map<String, Group> of(List<String> groups) throws Exception {
        Map<String, Group> lags = new TreeMap<>();
        for (String group : groups) {
            Map<TopicPartition, Long> partitions = byPartition(group);
            lags.put(group, new Group(partitions.values().stream().mapToLong(Long::longValue).sum(), partitions.size()));
        }
        return lags;
    }

    /** The group's lag on each topic it has committed offsets on. */
    Map<String, Long> byTopic(String group) throws Exception {
        Map<String, Long> topics = new TreeMap<>();
        byPartition(group).forEach((partition, lag) -> topics.merge(partition.topic(), lag, Long::sum));
        return topics;
    }

    private Map<TopicPartition, Long> byPartition(String group) throws Exception {
        Map<TopicPartition, OffsetAndMetadata> committed = admin.listConsumerGroupOffsets(group).partitionsToOffsetAndMetadata().get();
        Map<TopicPartition, OffsetSpec> latest = new HashMap<>();
        committed.forEach((partition, offset) -> {
            if (offset != null) {
                latest.put(partition, OffsetSpec.latest());
            }
        });
        var ends = admin.listOffsets(latest).all().get();
        Map<TopicPartition, Long> lags = new HashMap<>();
        for (TopicPartition partition : latest.keySet()) {
            lags.put(partition, Math.max(0, ends.get(partition).offset() - committed.get(partition).offset()));
        }
        return lags;
    }

    static long total(Map<String, Group> lags) {
        return lags.values().stream().mapToLong(Group::lag).sum();
    }

    /**
     * Waits until every group named (every group, if none are) has caught up: their lag no more than
     * a transaction marker per partition (or 64) and unchanged between two looks. Answers false if that
     * took longer than {@code limit}.
     */
    boolean awaitSettled(List<String> groups, Duration limit) throws Exception {
        long deadline = System.nanoTime() + limit.toNanos();
        Map<String, Group> previous = Map.of();
        while (System.nanoTime() < deadline) {
            Map<String, Group> lags = groups.isEmpty() ? all() : of(groups);
            // an exactly-once producer's commit marker stays behind a consumer that has read everything
            long markers = Math.max(64, lags.values().stream().mapToLong(Group::partitions).sum());
            if (total(lags) <= markers && lags.equals(previous)) {
                return true;
            }
            previous = lags;
            Thread.sleep(2_000);
        }
        return false;
    }

    @Override
    public void close() {
        admin.close();
    }

    /** A group's total lag over the {@code partitions} it has committed offsets on. */
    record Group(long lag, int partitions) {
    }
}
