package io.engagement.messaging.delivery;

import io.engagement.platform.event.TopicDeclarations;
import io.engagement.platform.event.Topics;
import org.apache.kafka.clients.admin.NewTopic;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The topics this service writes, and the alert e-mail it reads, created at start-up where they do
 * not exist yet (an existing topic is left as it is), so the first send never waits on topic
 * auto-creation.
 */
@Configuration(proxyBeanMethods = false)
class MessagingTopics {

    @Bean
    NewTopic messageTopic() {
        return TopicDeclarations.of(Topics.MESSAGE);
    }

    @Bean
    NewTopic messageDeadLetterTopic() {
        return TopicDeclarations.of(Topics.MESSAGE_DEAD_LETTERS);
    }

    @Bean
    NewTopic deliveryTopic() {
        return TopicDeclarations.of(Topics.DELIVERY);
    }

    @Bean
    NewTopic alertEmailTopic() {
        return TopicDeclarations.of(Topics.ALERT_EMAIL);
    }

    @Bean
    NewTopic messagingSettingsTopic() {
        return TopicDeclarations.of(Topics.MESSAGING_SETTINGS);
    }
}
