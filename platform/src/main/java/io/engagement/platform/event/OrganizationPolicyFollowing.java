package io.engagement.platform.event;

import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.mongodb.core.ReactiveMongoTemplate;
import org.springframework.kafka.annotation.KafkaListener;
import tools.jackson.databind.ObjectMapper;

import java.time.Clock;
import java.time.Duration;

/**
 * Keeps a service's {@link OrganizationPolicies} from {@link Topics#ORGANIZATION}; a service whose
 * behaviour the policies steer imports it. The consumer group is the service's own: its replicas
 * share one copy in its database, and another service keeps a copy of its own from every partition.
 * A retention "day" lasts {@code engagement.retention.day-length} (a day; tests shorten it to watch
 * data expire).
 */
@Configuration(proxyBeanMethods = false)
public class OrganizationPolicyFollowing {

    public static final String LISTENER = "organization-policies";

    @Bean
    OrganizationPolicies organizationPolicies(ReactiveMongoTemplate mongo, ObjectMapper json,
                                              @Value("${engagement.retention.day-length:1d}") Duration dayLength) {
        return new OrganizationPolicies(mongo, json, Clock.systemUTC(), dayLength);
    }

    @Bean
    NewTopic organizationTopic() {
        return TopicDeclarations.of(Topics.ORGANIZATION);
    }

    @Bean
    PolicyListener organizationPolicyListener(OrganizationPolicies policies) {
        return new PolicyListener(policies);
    }

    static final class PolicyListener {

        private final OrganizationPolicies policies;

        PolicyListener(OrganizationPolicies policies) {
            this.policies = policies;
        }

        @KafkaListener(id = LISTENER, topics = Topics.ORGANIZATION, groupId = "${spring.application.name}-" + LISTENER)
        void onPolicy(ConsumerRecord<String, String> record) {
            policies.accept(record.value()).block();
        }
    }
}
