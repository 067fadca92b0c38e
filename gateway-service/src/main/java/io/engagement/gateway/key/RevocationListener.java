package io.engagement.gateway.key;

import io.engagement.platform.event.TopicDeclarations;
import io.engagement.platform.event.Topics;
import org.apache.kafka.clients.admin.NewTopic;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.kafka.support.KafkaHeaders;
import org.springframework.messaging.Message;

import java.util.function.Consumer;

/**
 * Evicts revoked keys from this replica's cache (binding {@code keyRevoked}). Every replica must see
 * every revocation, so the binding has no group: each replica reads in an anonymous group of its
 * own, from the end, since a replica's cache starts empty and holds nothing revoked before it
 * started. The group of a replica that is gone is left empty, and the broker deletes an empty group
 * once its offsets retention (7 days by default) has passed.
 */
@Configuration(proxyBeanMethods = false)
class RevocationListener {

    @Bean
    NewTopic keyTopic() {
        return TopicDeclarations.of(Topics.KEY);
    }

    @Bean
    Consumer<Message<String>> keyRevoked(ApiKeys keys) {
        return revocation -> {
            if (revocation.getHeaders().get(KafkaHeaders.RECEIVED_KEY) instanceof String hash) {
                keys.forget(hash);
            }
        };
    }
}
