package io.engagement.messaging.delivery;

import io.engagement.platform.event.Topics;
import org.apache.kafka.clients.admin.NewTopic;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.kafka.config.TopicBuilder;

/**
 * The topics this service writes, created at start-up where they do not exist yet (an existing
 * topic is left as it is), so the first send never waits on topic auto-creation.
 */
@Configuration(proxyBeanMethods = false)
class MessagingTopics {

    @Bean
    NewTopic messageTopic() {
        return topic(Topics.MESSAGE);
    }

    @Bean
    NewTopic messageDeadLetterTopic() {
        return topic(Topics.MESSAGE_DEAD_LETTERS);
    }

    @Bean
    NewTopic deliveryTopic() {
        return topic(Topics.DELIVERY);
    }

    private static NewTopic topic(String name) {
        // replication follows the broker's default.replication.factor
        return TopicBuilder.name(name).partitions(Topics.ALL.get(name)).build();
    }
}
