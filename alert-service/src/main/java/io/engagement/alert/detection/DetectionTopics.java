package io.engagement.alert.detection;

import io.engagement.platform.event.TopicDeclarations;
import io.engagement.platform.event.Topics;
import org.apache.kafka.clients.admin.NewTopic;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The topics detection reads and writes, created at start-up where missing: the topology refuses to start without its sources. */
@Configuration(proxyBeanMethods = false)
class DetectionTopics {

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
    NewTopic sessionTopic() {
        return TopicDeclarations.of(Topics.SESSION);
    }

    @Bean
    NewTopic alertTopic() {
        return TopicDeclarations.of(Topics.ALERT);
    }
}
