package io.engagement.gateway.organization;

import io.engagement.platform.binding.ReceivedRecords;
import io.engagement.platform.event.EventReader;
import io.engagement.platform.event.OrganizationPolicy;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.messaging.Message;

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
    Consumer<Message<?>> organizationPolicyChanged(OrganizationPolicyCache policies, EventReader events) {
        return record -> events.read(ReceivedRecords.valueOf(record), OrganizationPolicy.class)
                .ifPresent(changed -> policies.changed(changed.orgId(), changed.data()));
    }
}
