package io.engagement.gateway.organization;

import io.engagement.platform.event.DocumentOutbox;
import io.engagement.platform.event.EntityOutbox;
import io.engagement.platform.event.OrganizationPolicy;
import io.engagement.platform.event.TopicDeclarations;
import io.engagement.platform.event.Topics;
import org.apache.kafka.clients.admin.NewTopic;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import static io.engagement.platform.store.Documents.longOf;

/**
 * {@link OrganizationPolicy} on {@code engagement.organization.v1}, keyed {@code org:policy}, after
 * each change of a setting: the whole policy each time, so compaction keeps the latest and a service
 * reading the topic from its start learns every organization's settings.
 */
@Configuration(proxyBeanMethods = false)
class OrganizationPolicyEvents {

    static final String ENTITY = "policy";

    @Bean
    EntityOutbox<OrganizationPolicy> organizationPolicyOutbox(DocumentOutbox outbox) {
        return new EntityOutbox<>(outbox, OrganizationStore.COLLECTION, Topics.ORGANIZATION,
                document -> new EntityOutbox.Entity<>(longOf(document, "_id"), ENTITY, OrganizationStore.policyOf(document)));
    }

    @Bean
    NewTopic organizationTopic() {
        return TopicDeclarations.of(Topics.ORGANIZATION);
    }
}
