package io.engagement.customer.activity;

import io.engagement.platform.event.SessionSummarized;
import io.engagement.platform.event.Topics;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Keeps each customer's latest session from the analytics service's session summaries. A poll is
 * folded to the newest summary per owner before anything is read, and a summary only ever replaces
 * an older one, so redelivered and reordered summaries leave the customer as it was.
 */
@Component
class SessionSummaryConsumer {

    private static final Logger log = LoggerFactory.getLogger(SessionSummaryConsumer.class);

    private final LatestSessions sessions;
    private final ObjectMapper json;

    SessionSummaryConsumer(LatestSessions sessions, ObjectMapper json) {
        this.sessions = sessions;
        this.json = json;
    }

    /** Summaries are published in exactly-once transactions; an aborted one is never read. */
    @KafkaListener(id = "customer-activity", topics = Topics.SESSION, batch = "true",
            properties = "isolation.level=read_committed")
    void onSummaries(List<ConsumerRecord<String, String>> records) {
        Map<SessionOwner, LatestSession> newestByOwner = new LinkedHashMap<>();
        records.stream()
                .map(this::owned)
                .flatMap(Optional::stream)
                .forEach(owned -> newestByOwner.merge(owned.owner(), owned.session(), LatestSession::newer));
        sessions.keep(newestByOwner).then(forgetErased(records)).block();
    }

    /**
     * A tombstone is an erased session: a summary of it that came before and found no customer
     * (the customer was erased) was parked, and goes now.
     */
    private Mono<Void> forgetErased(List<ConsumerRecord<String, String>> records) {
        return Flux.fromIterable(records)
                .filter(record -> record.value() == null && record.key() != null && record.key().indexOf(':') > 0)
                .concatMap(tombstone -> {
                    String key = tombstone.key();
                    int colon = key.indexOf(':');
                    return sessions.forgetSession(Long.parseLong(key.substring(0, colon)), key.substring(colon + 1));
                })
                .then();
    }

    /** Empty for a summary of an anonymous session, a compaction tombstone, or an unreadable record. */
    private Optional<Owned> owned(ConsumerRecord<String, String> record) {
        if (record.value() == null) {
            return Optional.empty();
        }
        try {
            JsonNode envelope = json.readTree(record.value());
            if (!SessionSummarized.TYPE.equals(envelope.path("type").asString(""))) {
                return Optional.empty();
            }
            long organizationId = envelope.get("org_id").asLong();
            SessionSummarized summary = json.treeToValue(envelope.get("data"), SessionSummarized.class);
            if (summary.sessionId() == null || summary.lastSeenAt() == null) {
                throw new IllegalArgumentException("a summary without its session id or last_seen_at");
            }
            return SessionOwner.of(organizationId, summary).map(owner -> new Owned(owner, LatestSession.of(summary)));
        } catch (RuntimeException unreadable) {
            // analytics wrote it; one that cannot be read here is skipped, not retried forever
            log.warn("Skipping unreadable session summary at {}-{}@{}: {}", record.topic(), record.partition(), record.offset(),
                    unreadable.toString());
            return Optional.empty();
        }
    }

    private record Owned(SessionOwner owner, LatestSession session) {
    }
}
