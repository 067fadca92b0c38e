package io.engagement.analytics.ingest;

import io.engagement.platform.error.ApiException;
import io.engagement.platform.event.EventEnvelope;
import io.engagement.platform.event.EventPublisher;
import io.engagement.platform.event.Topics;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import tools.jackson.databind.node.ObjectNode;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import java.util.regex.Pattern;

/**
 * Hands accepted telemetry to Kafka, keyed {@code org:session_id} so a session's events stay in
 * order, and completes only when the broker has acknowledged every one of them.
 */
@Component
class TelemetryPublisher {

    private static final Logger log = LoggerFactory.getLogger(TelemetryPublisher.class);
    private static final int IN_FLIGHT = 512;
    private static final Pattern CANONICAL_UUID =
            Pattern.compile("[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}");

    private final EventPublisher publisher;
    private final Duration timeout;

    TelemetryPublisher(EventPublisher publisher, @Value("${engagement.ingest.ack-timeout:8s}") Duration timeout) {
        this.publisher = publisher;
        this.timeout = timeout;
    }

    Mono<Void> publish(long organizationId, List<ObjectNode> events) {
        return Flux.fromIterable(events)
                .flatMap(event -> publisher.publish(topicOf(event), EventEnvelope.key(organizationId, event.get("session_id").asString()),
                        envelope(organizationId, event)), IN_FLIGHT)
                .then()
                .timeout(timeout)
                .onErrorMap(failure -> {
                    log.warn("Telemetry batch of {} event(s) not acknowledged: {}", events.size(), failure.toString());
                    return ApiException.unavailable("The events could not be stored; retry the batch");
                });
    }

    private static String topicOf(ObjectNode event) {
        return event.get("type").asString().equals("replay") ? Topics.REPLAY : Topics.TELEMETRY;
    }

    private static EventEnvelope<ObjectNode> envelope(long organizationId, ObjectNode event) {
        return new EventEnvelope<>(UUID.fromString(uuidOf(event.get("event_id").asString())), event.get("type").asString(), 1,
                organizationId, Instant.parse(event.get("timestamp").asString()), event);
    }

    /**
     * Client event ids need not be UUIDs; others are mapped to a stable name-based UUID. Checked
     * by shape first: a refused parse costs an exception, per event.
     */
    private static String uuidOf(String eventId) {
        return CANONICAL_UUID.matcher(eventId).matches()
                ? UUID.fromString(eventId).toString()
                : UUID.nameUUIDFromBytes(eventId.getBytes(StandardCharsets.UTF_8)).toString();
    }
}
