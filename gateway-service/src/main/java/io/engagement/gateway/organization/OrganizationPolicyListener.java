package io.engagement.gateway.organization;

import io.engagement.platform.binding.ReceivedRecords;
import io.engagement.platform.event.PolicyChanged;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.messaging.Message;
import tools.jackson.databind.ObjectMapper;

import java.util.function.Consumer;

/**
 * Brings another gateway replica's policy changes into this replica's {@link OrganizationPolicyCache}
 * (binding {@code organizationPolicyChanged}). Every replica must see every change, so each reads the
 * topic in an anonymous group of its own from its end: what was written before it started, it reads
 * from the database.
 */
@Configuration(proxyBeanMethods = false)
class OrganizationPolicyListener {

    @Bean
    Consumer<Message<?>> organizationPolicyChanged(OrganizationPolicyCache policies, ObjectMapper json) {
        return record -> PolicyChanged.read(json, ReceivedRecords.valueOf(record))
                .ifPresent(changed -> policies.changed(changed.organizationId(), changed.policy()));
    }
}
