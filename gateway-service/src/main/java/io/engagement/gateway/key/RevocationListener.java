package io.engagement.gateway.key;

import io.engagement.platform.event.TopicDeclarations;
import io.engagement.platform.event.Topics;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.kafka.annotation.KafkaListener;

/**
 * Evicts revoked keys from this replica's cache. Every replica must see every revocation, so each
 * reads the topic in a consumer group of its own; it starts at the end, since a replica's cache
 * starts empty and holds nothing revoked before it started. The group of a replica that is gone
 * is left empty, and the broker deletes an empty group once its offsets retention (7 days by
 * default) has passed, so replicas that come and go leave nothing behind for long.
 */
@Configuration(proxyBeanMethods = false)
class RevocationListener {

    static final String LISTENER = "key-revocations";

    private final ApiKeys keys;

    RevocationListener(ApiKeys keys) {
        this.keys = keys;
    }

    @Bean
    NewTopic keyTopic() {
        return TopicDeclarations.of(Topics.KEY);
    }

    @KafkaListener(id = LISTENER, topics = Topics.KEY, groupId = "gateway-keys-${random.uuid}",
            properties = {"auto.offset.reset=latest"})
    void revoked(ConsumerRecord<String, String> revocation) {
        if (revocation.key() != null) {
            keys.forget(revocation.key());
        }
    }
}
