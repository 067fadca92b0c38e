package io.engagement.alert.detection;

import io.engagement.platform.event.TopicDeclarations;
import io.engagement.platform.event.Topics;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.kafka.core.KafkaAdmin;

/** The topics detection reads and writes, created at start-up where missing: the topology refuses to start without its sources. */
@Configuration(proxyBeanMethods = false)
class DetectionTopics {

    /** The overflow has as many partitions as the main topic: an organization's session goes to the same task by either. */
    @Bean
    KafkaAdmin.NewTopics detectionTopicDeclarations() {
        return TopicDeclarations.all(Topics.TELEMETRY, Topics.TELEMETRY_OVERFLOW, Topics.SESSION, Topics.ALERT);
    }
}
