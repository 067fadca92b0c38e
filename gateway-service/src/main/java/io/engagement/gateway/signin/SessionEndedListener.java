package io.engagement.gateway.signin;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.kafka.support.KafkaHeaders;
import org.springframework.messaging.Message;

import java.util.function.Consumer;

/**
 * Evicts ended and changed sessions from this replica's cache (binding {@code sessionEnded}, on the
 * key topic beside revoked keys: both are withdrawn access keyed by a hash). Like {@code keyRevoked},
 * each replica reads every record in an anonymous group of its own, from the end.
 */
@Configuration(proxyBeanMethods = false)
class SessionEndedListener {

    @Bean
    Consumer<Message<String>> sessionEnded(SignedInSessions sessions) {
        return record -> {
            if (record.getHeaders().get(KafkaHeaders.RECEIVED_KEY) instanceof String hash) {
                sessions.forget(hash);
            }
        };
    }
}
