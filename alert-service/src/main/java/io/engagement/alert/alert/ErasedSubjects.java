package io.engagement.alert.alert;

import io.engagement.platform.event.CustomerErased;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.messaging.Message;
import tools.jackson.databind.ObjectMapper;

import java.util.function.Consumer;

/**
 * Forgets an erased customer in the alerts raised about them; the alerts and their counts stay
 * (binding {@code customerErased}, a follower of the customer topic).
 */
@Configuration(proxyBeanMethods = false)
class ErasedSubjects {

    @Bean
    Consumer<Message<String>> customerErased(AlertStore alerts, ObjectMapper json) {
        return message -> {
            // the tombstone after an erasure has a KafkaNull payload, not a String: passed over like every other customer event
            Object payload = message.getPayload();
            CustomerErased.of(json, payload instanceof String value ? value : null)
                    .filter(erasure -> erasure.customer().customerId() != null)
                    .ifPresent(erasure -> alerts.forgetSubject(erasure.organizationId(), erasure.customer().customerId()).block());
        };
    }
}
