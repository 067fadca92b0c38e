package io.engagement.analytics.ingest;

import io.engagement.platform.error.ApiException;
import io.engagement.platform.event.EventEnvelope;
import io.engagement.platform.event.EventPublisher;
import io.engagement.platform.event.Topics;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;
import tools.jackson.databind.node.ObjectNode;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.UUID;

/**
 * Hands accepted telemetry to Kafka, keyed {@code org:session_id} so a session's events stay in
 * order, and completes only when the broker has acknowledged every one of them.
 */
@Component
class TelemetryPublisher {

    private static final Logger log = LoggerFactory.getLogger(TelemetryPublisher.class);

    private final EventPublisher publisher;
    private final FairShare fairShare;
    private final Duration timeout;

    TelemetryPublisher(EventPublisher publisher, FairShare fairShare, IngestSettings settings) {
        this.publisher = publisher;
        this.fairShare = fairShare;
        this.timeout = settings.ackTimeout();
    }

    Mono<Void> publish(long organizationId, List<AcceptedEvent> events) {
        return Mono.fromCallable(() -> {
                    String telemetry = fairShare.topicFor(organizationId, events.size());
                    return events.stream().map(event -> outgoing(organizationId, event, telemetry)).toList();
                })
                .flatMap(publisher::publishAll)
                .timeout(timeout)
                .onErrorMap(failure -> {
                    log.warn("Telemetry batch of {} event(s) not acknowledged: {}", events.size(), failure.toString());
                    return ApiException.unavailable("The events could not be stored; retry the batch");
                });
    }

    /** {@code telemetry}: the topic of every event but replay chunks, which have their own. */
    private static EventPublisher.Outgoing outgoing(long organizationId, AcceptedEvent accepted, String telemetry) {
        ObjectNode event = accepted.event();
        String type = event.get("type").asString();
        EventEnvelope<ObjectNode> envelope = new EventEnvelope<>(uuidOf(event.get("event_id").asString()), type, 1,
                organizationId, accepted.occurredAt(), event);
        return new EventPublisher.Outgoing(type.equals("replay") ? Topics.REPLAY : telemetry,
                EventEnvelope.key(organizationId, event.get("session_id").asString()), envelope);
    }

    /** Client event ids need not be UUIDs; others are mapped to a stable name-based UUID. */
    private static UUID uuidOf(String eventId) {
        return isCanonicalUuid(eventId) ? UUID.fromString(eventId) : UUID.nameUUIDFromBytes(eventId.getBytes(StandardCharsets.UTF_8));
    }

    /** Checked by hand, per event: a pattern costs more than the rest of the envelope, and a refused parse an exception. */
    private static boolean isCanonicalUuid(String text) {
        if (text.length() != 36) {
            return false;
        }
        for (int i = 0; i < 36; i++) {
            char c = text.charAt(i);
            boolean dash = i == 8 || i == 13 || i == 18 || i == 23;
            if (dash ? c != '-' : Character.digit(c, 16) < 0) {
                return false;
            }
        }
        return true;
    }
}
