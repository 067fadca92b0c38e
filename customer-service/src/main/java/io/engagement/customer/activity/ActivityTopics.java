package io.engagement.customer.activity;

import io.engagement.platform.event.TopicDeclarations;
import io.engagement.platform.event.Topics;
import org.apache.kafka.clients.admin.NewTopic;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The session topic this service reads, created compacted at start-up where it does not exist yet,
 * so the consumer does not wait for the analytics service to create it.
 */
@Configuration(proxyBeanMethods = false)
class ActivityTopics {

    @Bean
    NewTopic sessionTopic() {
        return TopicDeclarations.of(Topics.SESSION);
    }
}
