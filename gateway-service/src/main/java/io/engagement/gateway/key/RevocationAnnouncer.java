package io.engagement.gateway.key;

import io.engagement.platform.event.EventEnvelope;
import io.engagement.platform.event.EventPublisher;
import io.engagement.platform.event.Topics;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

import java.time.Duration;
import java.util.UUID;

/**
 * Tells every gateway replica that a key was revoked. The revocation is already stored when this
 * runs: if the broker does not take it, the other replicas still refuse the key once their cached
 * copy expires, so a failure here is logged rather than answered.
 */
@Component
class RevocationAnnouncer {

    private static final Logger log = LoggerFactory.getLogger(RevocationAnnouncer.class);
    private static final Duration PATIENCE = Duration.ofSeconds(5);

    private final EventPublisher events;

    RevocationAnnouncer(EventPublisher events) {
        this.events = events;
    }

    Mono<Void> announce(ApiKey key) {
        KeyRevoked revoked = new KeyRevoked(key.keyId(), key.hash(), key.revokedAt());
        EventEnvelope<KeyRevoked> event = new EventEnvelope<>(UUID.randomUUID(), KeyRevoked.TYPE, 1, key.organizationId(),
                key.revokedAt(), revoked);
        return events.publish(Topics.KEY, key.hash(), event)
                .timeout(PATIENCE)
                .onErrorResume(failure -> {
                    log.warn("Key {} is revoked but the other gateway replicas were not told; they refuse it once their cache expires",
                            key.keyId(), failure);
                    return Mono.empty();
                });
    }
}
