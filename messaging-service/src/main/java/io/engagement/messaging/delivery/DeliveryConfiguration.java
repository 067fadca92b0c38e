package io.engagement.messaging.delivery;

import io.engagement.messaging.MessagingProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.kafka.listener.DefaultErrorHandler;
import org.springframework.util.backoff.ExponentialBackOff;

@Configuration(proxyBeanMethods = false)
class DeliveryConfiguration {

    /**
     * A record whose delivery failed for now comes back after an exponential backoff, for as long
     * as it takes: the ledger's attempt count, not this handler, decides when a message fails for
     * good, so a restart does not reset it. The same holds when the database is away.
     */
    @Bean
    DefaultErrorHandler deliveryErrorHandler(MessagingProperties properties) {
        MessagingProperties.Delivery delivery = properties.delivery();
        ExponentialBackOff backOff = new ExponentialBackOff(delivery.firstBackoff().toMillis(), 2);
        backOff.setMaxInterval(delivery.maxBackoff().toMillis());
        DefaultErrorHandler handler = new DefaultErrorHandler(backOff);
        handler.setLogLevel(org.springframework.kafka.KafkaException.Level.DEBUG);
        return handler;
    }
}
