package io.engagement.platform.event;

import org.apache.kafka.clients.admin.NewTopic;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import io.engagement.platform.PlatformProperties;
import io.engagement.platform.binding.ReceivedRecords;
import org.springframework.data.mongodb.core.ReactiveMongoTemplate;
import org.springframework.messaging.Message;

import java.time.Clock;
import java.util.function.Consumer;

/**
 * Keeps a service's {@link OrganizationPolicies} from {@link Topics#ORGANIZATION}; a service whose
 * behaviour the policies steer imports it and binds {@value #BINDING} in its {@code application.yml}
 * (function {@code organizationPolicyChanged}, group {@code <service>-organization-policies}): its
 * replicas share one copy in its database, and another service keeps a copy of its own from every
 * partition. A retention "day" lasts {@code engagement.retention.day-length} (a day; tests shorten it
 * to watch data expire).
 */
@Configuration(proxyBeanMethods = false)
public class OrganizationPolicyFollowing {

    public static final String BINDING = "organizationPolicyChanged-in-0";

    @Bean
    OrganizationPolicies organizationPolicies(ReactiveMongoTemplate mongo, EventReader events,
                                              PlatformProperties properties) {
        return new OrganizationPolicies(mongo, events, Clock.systemUTC(), properties.retention().dayLength());
    }

    @Bean
    NewTopic organizationTopic() {
        return TopicDeclarations.of(Topics.ORGANIZATION);
    }

    @Bean
    Consumer<Message<?>> organizationPolicyChanged(OrganizationPolicies policies) {
        return record -> policies.accept(ReceivedRecords.valueOf(record)).block();
    }
}
