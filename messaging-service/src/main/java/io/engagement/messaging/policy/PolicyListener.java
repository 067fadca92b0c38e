package io.engagement.messaging.policy;

import io.engagement.platform.event.OrganizationPolicies;
import io.engagement.platform.event.Topics;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.stereotype.Component;

/** Keeps this service's copy of the organizations' policies. */
@Component
class PolicyListener {

    private final OrganizationPolicies policies;

    PolicyListener(OrganizationPolicies policies) {
        this.policies = policies;
    }

    @KafkaListener(id = "organization-policies", topics = Topics.ORGANIZATION)
    void onPolicy(ConsumerRecord<String, String> record) {
        policies.accept(record.value()).block();
    }
}
