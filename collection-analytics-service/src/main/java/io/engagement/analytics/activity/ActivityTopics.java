package io.engagement.analytics.activity;

import io.engagement.platform.event.TopicDeclarations;
import io.engagement.platform.event.Topics;
import org.apache.kafka.clients.admin.NewTopic;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The topics this service reads and writes, created at start-up where they do not exist yet (an
 * existing topic is left as it is): the topology refuses to start without its source topic.
 */
@Configuration(proxyBeanMethods = false)
class ActivityTopics {

    @Bean
    NewTopic telemetryTopic() {
        return TopicDeclarations.of(Topics.TELEMETRY);
    }

    /** As many partitions as the main topic: an organization's session goes to the same task by either. */
    @Bean
    NewTopic telemetryOverflowTopic() {
        return TopicDeclarations.of(Topics.TELEMETRY_OVERFLOW);
    }

    @Bean
    NewTopic replayTopic() {
        return TopicDeclarations.of(Topics.REPLAY);
    }

    @Bean
    NewTopic pageActivityTopic() {
        return TopicDeclarations.of(Topics.PAGE_ACTIVITY);
    }

    /** Erasures come from it. */
    @Bean
    NewTopic customerTopic() {
        return TopicDeclarations.of(Topics.CUSTOMER);
    }

    @Bean
    NewTopic sessionTopic() {
        return TopicDeclarations.of(Topics.SESSION);
    }
}
