package io.engagement.platform.event;

import org.apache.kafka.clients.producer.Callback;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.springframework.kafka.core.KafkaTemplate;
import io.engagement.platform.trace.RecordTracing;
import reactor.core.publisher.Mono;
import reactor.core.publisher.MonoSink;
import tools.jackson.databind.ObjectMapper;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Publishes event envelopes as JSON and completes only once the broker has acknowledged them
 * (acks=all, idempotent producer: see the platform defaults).
 */
public final class EventPublisher {

    private final KafkaTemplate<String, String> kafka;
    private final ObjectMapper json;
    private final RecordTracing tracing;

    public EventPublisher(KafkaTemplate<String, String> kafka, ObjectMapper json, RecordTracing tracing) {
        this.kafka = kafka;
        this.json = json;
        this.tracing = tracing;
    }

    /** The template's own observation writes the trace headers, from the request's span restored here. */
    public Mono<Void> publish(String topic, String key, EventEnvelope<?> event) {
        return Mono.fromCallable(() -> json.writeValueAsString(event))
                .flatMap(value -> Mono.deferContextual(context ->
                        Mono.fromFuture(() -> tracing.inTraceOf(context, () -> kafka.send(topic, key, value)))))
                .then();
    }

    /**
     * Publishes a batch and completes once the broker has acknowledged every event, or with the
     * first failure. The records share one acknowledgement count rather than a reactive pipeline
     * each: a telemetry batch holds up to 500 events.
     */
    public Mono<Void> publishAll(List<Outgoing> events) {
        if (events.isEmpty()) {
            return Mono.empty();
        }
        return Mono.deferContextual(context -> Mono.<Void>create(sink -> tracing.inTraceOf(context, () -> send(events, sink))));
    }

    /** Straight to the producer, past the template's observation: each record gets the request's trace here. */
    private Void send(List<Outgoing> events, MonoSink<Void> sink) {
        AtomicInteger unacknowledged = new AtomicInteger(events.size());
        Callback acknowledged = (metadata, failure) -> {
            if (failure != null) {
                sink.error(failure);
            } else if (unacknowledged.decrementAndGet() == 0) {
                sink.success();
            }
        };
        try {
            kafka.execute(producer -> {
                for (Outgoing event : events) {
                    ProducerRecord<String, String> record = new ProducerRecord<>(event.topic(), event.key(), json.writeValueAsString(event.event()));
                    tracing.inject(record.headers());
                    producer.send(record, acknowledged);
                }
                return null;
            });
        } catch (RuntimeException failure) {
            sink.error(failure);
        }
        return null;
    }

    /** An event of a batch: the topic it goes to and its record key. */
    public record Outgoing(String topic, String key, EventEnvelope<?> event) {
    }
}
