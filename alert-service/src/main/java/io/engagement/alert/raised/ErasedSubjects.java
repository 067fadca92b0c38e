package io.engagement.alert.raised;

import io.engagement.platform.event.CustomerErased;
import io.engagement.platform.event.EventReader;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.messaging.Message;

import java.util.function.Consumer;

/**
 * Forgets an erased customer in the alerts raised about them; the alerts and their counts stay
 * (binding {@code customerErased}, a follower of the customer topic).
 */
@Configuration(proxyBeanMethods = false)
class ErasedSubjects {

    @Bean
    Consumer<Message<String>> customerErased(AlertStore alerts, EventReader events) {
        return message -> {
            // the tombstone after an erasure has a KafkaNull payload, not a String: passed over like every other customer event
            Object payload = message.getPayload();
            events.read(payload instanceof String value ? value : null, CustomerErased.class)
                    .filter(erasure -> erasure.data().customerId() != null)
                    .ifPresent(erasure -> alerts.forgetSubject(erasure.orgId(), erasure.data().customerId()).block());
        };
    }
}
