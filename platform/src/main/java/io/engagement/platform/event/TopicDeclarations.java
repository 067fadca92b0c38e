package io.engagement.platform.event;

import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.config.TopicConfig;
import org.springframework.kafka.config.TopicBuilder;
import org.springframework.kafka.core.KafkaAdmin;

import java.time.Duration;
import java.util.Arrays;

/**
 * A suite topic as a {@link NewTopic} bean, so a service creates the topics it uses at start-up
 * where they do not exist yet (an existing topic is left as it is). For services with Kafka only.
 */
public final class TopicDeclarations {

    private TopicDeclarations() {
    }

    /**
     * The partitions of {@link Topics#ALL}, compaction for {@link Topics#COMPACTED}; replication
     * follows the broker's default.replication.factor.
     */
    public static NewTopic of(String name) {
        Integer partitions = Topics.ALL.get(name);
        if (partitions == null) {
            throw new IllegalArgumentException(name + " is not a topic of the suite");
        }
        TopicBuilder topic = TopicBuilder.name(name).partitions(partitions);
        if (Topics.CUSTOMER.equals(name)) {
            // a consumer down for less than a week still reads an erasure event, not only the tombstone after it
            topic.config(TopicConfig.MIN_COMPACTION_LAG_MS_CONFIG, Long.toString(Duration.ofDays(7).toMillis()));
        }
        return Topics.COMPACTED.contains(name) ? topic.compact().build() : topic.build();
    }

    /** Several suite topics as one bean: the topics a feature reads and writes. */
    public static KafkaAdmin.NewTopics all(String... names) {
        return new KafkaAdmin.NewTopics(Arrays.stream(names).map(TopicDeclarations::of).toArray(NewTopic[]::new));
    }
}
