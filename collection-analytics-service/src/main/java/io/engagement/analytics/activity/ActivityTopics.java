package io.engagement.analytics.activity;

import io.engagement.platform.event.Topics;
import org.apache.kafka.clients.admin.NewTopic;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.kafka.config.TopicBuilder;

/**
 * The topics this service reads and writes, created at start-up where they do not exist yet (an
 * existing topic is left as it is): the topology refuses to start without its source topic.
 */
@Configuration(proxyBeanMethods = false)
class ActivityTopics {

    @Bean
    NewTopic telemetryTopic() {
        return topic(Topics.TELEMETRY);
    }

    @Bean
    NewTopic replayTopic() {
        return topic(Topics.REPLAY);
    }

    @Bean
    NewTopic pageActivityTopic() {
        return topic(Topics.PAGE_ACTIVITY);
    }

    private static NewTopic topic(String name) {
        // replication follows the broker's default.replication.factor
        return TopicBuilder.name(name).partitions(Topics.ALL.get(name)).build();
    }
}
