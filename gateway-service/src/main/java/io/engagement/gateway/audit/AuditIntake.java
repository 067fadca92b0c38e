package io.engagement.gateway.audit;

import io.engagement.platform.event.AuditRecorded;
import io.engagement.platform.event.EventReader;
import io.engagement.platform.event.TopicDeclarations;
import io.engagement.platform.event.Topics;
import org.apache.kafka.clients.admin.NewTopic;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.messaging.Message;

import java.util.function.Consumer;

/**
 * Every service's acts into the audit log (binding {@code auditEvents}, group {@code gateway-audit}):
 * one replica of the gateway stores each act; a write that fails is the binding's to retry, and an
 * act stored twice is kept once.
 */
@Configuration(proxyBeanMethods = false)
class AuditIntake {

    @Bean
    NewTopic auditTopic() {
        return TopicDeclarations.of(Topics.AUDIT);
    }

    @Bean
    Consumer<Message<String>> auditEvents(AuditLog log, EventReader events) {
        return record -> events.read(record.getPayload()).ifPresent(envelope -> {
            if (envelope.data() instanceof AuditRecorded act) {
                log.append(envelope.orgId(), act).block();
            }
        });
    }
}
