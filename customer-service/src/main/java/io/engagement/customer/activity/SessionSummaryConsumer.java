package io.engagement.customer.activity;

import io.engagement.platform.binding.PolledRecords;
import io.engagement.platform.binding.ReceivedRecords;
import io.engagement.platform.binding.UnreadableRecord;
import io.engagement.platform.event.EventReader;
import io.engagement.platform.event.SessionSummarized;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.messaging.Message;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Keeps each customer's latest session from the analytics service's session summaries (binding
 * {@code sessionSummaries-in-0}, batch). A poll is folded to the newest summary per owner before
 * anything is read, and a summary only ever replaces an older one, so redelivered and reordered
 * summaries leave the customer as it was. Summaries are published in exactly-once transactions; the
 * binding reads committed ones only.
 */
@Configuration(proxyBeanMethods = false)
class SessionSummaryConsumer {

    private final LatestSessions sessions;
    private final EventReader events;

    SessionSummaryConsumer(LatestSessions sessions, EventReader events) {
        this.sessions = sessions;
        this.events = events;
    }

    @Bean
    Consumer<Message<List<String>>> sessionSummaries() {
        return poll -> onSummaries(ReceivedRecords.batchOf(poll));
    }

    void onSummaries(List<ConsumerRecord<String, String>> records) {
        PolledRecords<Owned> polled = PolledRecords.read(records, this::owned);
        Map<SessionOwner, LatestSession> newestByOwner = new LinkedHashMap<>();
        polled.values().forEach(owned -> newestByOwner.merge(owned.owner(), owned.session(), LatestSession::newer));
        sessions.keep(newestByOwner).then(forgetErased(polled.records())).block();
        polled.rejectUnreadable();
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

    /**
     * Empty for a summary of an anonymous session, a compaction tombstone and another event. Every
     * record is read, not only those naming the summary's type: the topic carries summaries alone,
     * so a record that is no event goes to the dead letters rather than being passed over.
     */
    private Optional<Owned> owned(ConsumerRecord<String, String> record) {
        try {
            return events.read(record.value()).flatMap(envelope -> envelope.data() instanceof SessionSummarized summary
                    ? owned(envelope.orgId(), summary) : Optional.empty());
        } catch (UnreadableRecord unreadable) {
            throw new UnreadableRecord("an unreadable session summary: " + unreadable.getMessage(), unreadable);
        }
    }

    private static Optional<Owned> owned(long organizationId, SessionSummarized summary) {
        if (summary.sessionId() == null || summary.lastSeenAt() == null) {
            throw new UnreadableRecord("a summary without its session id or last_seen_at");
        }
        return SessionOwner.of(organizationId, summary).map(owner -> new Owned(owner, LatestSession.of(summary)));
    }

    private record Owned(SessionOwner owner, LatestSession session) {
    }
}
