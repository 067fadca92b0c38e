package io.engagement.alert.trigger;

import io.engagement.platform.event.TopicDeclarations;
import io.engagement.platform.event.Topics;
import org.apache.kafka.clients.admin.NewTopic;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The customer and page collection topics, which trigger evaluation reads besides detection's
 * topics; created at start-up where missing (the topology does not start without its sources).
 */
@Configuration(proxyBeanMethods = false)
class TriggerTopics {

    @Bean
    NewTopic customerTopic() {
        return TopicDeclarations.of(Topics.CUSTOMER);
    }

    @Bean
    NewTopic collectionTopic() {
        return TopicDeclarations.of(Topics.COLLECTION);
    }
}
