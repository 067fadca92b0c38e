package io.engagement.gateway.organization;

import io.engagement.platform.event.PolicyChanged;
import io.engagement.platform.event.Topics;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.springframework.context.annotation.Configuration;
import org.springframework.kafka.annotation.KafkaListener;
import tools.jackson.databind.ObjectMapper;

/**
 * Brings another gateway replica's policy changes into this replica's {@link OrganizationPolicyCache}.
 * Every replica must see every change, so each reads the topic in a group of its own from its end:
 * what was written before it started, it reads from the database.
 */
@Configuration(proxyBeanMethods = false)
class OrganizationPolicyListener {

    static final String LISTENER = "organization-policy-changes";

    private final OrganizationPolicyCache policies;
    private final ObjectMapper json;

    OrganizationPolicyListener(OrganizationPolicyCache policies, ObjectMapper json) {
        this.policies = policies;
        this.json = json;
    }

    @KafkaListener(id = LISTENER, topics = Topics.ORGANIZATION, groupId = "gateway-policies-${random.uuid}",
            properties = {"auto.offset.reset=latest"})
    void changed(ConsumerRecord<String, String> record) {
        PolicyChanged.read(json, record.value()).ifPresent(changed -> policies.changed(changed.organizationId(), changed.policy()));
    }
}
