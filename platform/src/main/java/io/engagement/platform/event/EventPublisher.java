package io.engagement.platform.event;

import org.springframework.kafka.core.KafkaTemplate;
import reactor.core.publisher.Mono;
import tools.jackson.databind.ObjectMapper;

/**
 * Publishes event envelopes as JSON and completes only once the broker has acknowledged them
 * (acks=all, idempotent producer: see the platform defaults).
 */
public final class EventPublisher {

    private final KafkaTemplate<String, String> kafka;
    private final ObjectMapper json;

    public EventPublisher(KafkaTemplate<String, String> kafka, ObjectMapper json) {
        this.kafka = kafka;
        this.json = json;
    }

    public Mono<Void> publish(String topic, String key, EventEnvelope<?> event) {
        return Mono.fromCallable(() -> json.writeValueAsString(event))
                .flatMap(value -> Mono.fromFuture(() -> kafka.send(topic, key, value)))
                .then();
    }
}
