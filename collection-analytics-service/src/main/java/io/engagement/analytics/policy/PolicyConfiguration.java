package io.engagement.analytics.policy;

import io.engagement.platform.event.OrganizationPolicies;
import io.engagement.platform.event.TopicDeclarations;
import io.engagement.platform.event.Topics;
import org.apache.kafka.clients.admin.NewTopic;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.mongodb.core.ReactiveMongoTemplate;
import tools.jackson.databind.ObjectMapper;

import java.time.Clock;
import java.time.Duration;

/**
 * Every organization's retention and redaction policy, as the gateway published it. A retention
 * "day" lasts {@code engagement.retention.day-length} (a day; tests shorten it to watch data expire).
 */
@Configuration(proxyBeanMethods = false)
class PolicyConfiguration {

    @Bean
    OrganizationPolicies organizationPolicies(ReactiveMongoTemplate mongo, ObjectMapper json,
                                              @Value("${engagement.retention.day-length:1d}") Duration dayLength) {
        return new OrganizationPolicies(mongo, json, Clock.systemUTC(), dayLength);
    }

    @Bean
    NewTopic organizationTopic() {
        return TopicDeclarations.of(Topics.ORGANIZATION);
    }
}
