package io.engagement.customer.conversation;

import io.engagement.platform.binding.ReceivedRecords;
import io.engagement.platform.event.EventReader;
import io.engagement.platform.event.WhatsAppConnectionChanged;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.messaging.Message;

import java.util.function.Consumer;

/**
 * Follows the organizations' WhatsApp connections (binding {@code whatsAppConnectionChanged-in-0} on
 * the compacted messaging settings topic, read from its beginning by one group), so an inbound
 * message finds its organization in this service's own database. Other settings on the topic are
 * not this consumer's.
 */
@Configuration(proxyBeanMethods = false)
class WhatsAppNumbersConsumer {

    private final WhatsAppNumbers numbers;
    private final EventReader events;

    WhatsAppNumbersConsumer(WhatsAppNumbers numbers, EventReader events) {
        this.numbers = numbers;
        this.events = events;
    }

    @Bean
    Consumer<Message<?>> whatsAppConnectionChanged() {
        return record -> events.read(ReceivedRecords.valueOf(record), WhatsAppConnectionChanged.class)
                .ifPresent(changed -> numbers.apply(changed.orgId(), changed.data()).block());
    }
}
