package io.engagement.messaging.delivery;

import io.engagement.platform.event.TopicDeclarations;
import io.engagement.platform.event.Topics;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.kafka.core.KafkaAdmin;

/**
 * The topics this service writes, and the alert e-mail it reads, created at start-up where they do
 * not exist yet (an existing topic is left as it is), so the first send never waits on topic
 * auto-creation.
 */
@Configuration(proxyBeanMethods = false)
class MessagingTopics {

    @Bean
    KafkaAdmin.NewTopics messagingTopicDeclarations() {
        return TopicDeclarations.all(Topics.MESSAGE, Topics.MESSAGE_DEAD_LETTERS, Topics.DELIVERY, Topics.ALERT_EMAIL, Topics.MESSAGING_SETTINGS);
    }
}
