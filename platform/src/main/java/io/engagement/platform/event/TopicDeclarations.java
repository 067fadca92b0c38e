package io.engagement.platform.event;

import org.apache.kafka.clients.admin.NewTopic;
import org.springframework.kafka.config.TopicBuilder;

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
        return Topics.COMPACTED.contains(name) ? topic.compact().build() : topic.build();
    }
}
