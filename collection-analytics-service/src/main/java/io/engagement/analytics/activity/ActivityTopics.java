package io.engagement.analytics.activity;

import io.engagement.platform.event.TopicDeclarations;
import io.engagement.platform.event.Topics;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.kafka.core.KafkaAdmin;

/**
 * The topics this service reads and writes, created at start-up where they do not exist yet (an
 * existing topic is left as it is): the topology refuses to start without its source topic.
 */
@Configuration(proxyBeanMethods = false)
class ActivityTopics {

    /**
     * The overflow has as many partitions as the main topic (an organization's session goes to the
     * same task by either); erasures come from the customer topic.
     */
    @Bean
    KafkaAdmin.NewTopics activityTopicDeclarations() {
        return TopicDeclarations.all(Topics.TELEMETRY, Topics.TELEMETRY_OVERFLOW, Topics.REPLAY, Topics.PAGE_ACTIVITY,
                Topics.CUSTOMER, Topics.SESSION);
    }
}
