package io.engagement.customer.conversation;

import io.engagement.platform.binding.PolledRecords;
import io.engagement.platform.binding.ReceivedRecords;
import io.engagement.platform.binding.UnreadableRecord;
import io.engagement.platform.event.EventEnvelope;
import io.engagement.platform.event.EventReader;
import io.engagement.platform.event.SessionSummarized;
import io.engagement.platform.event.SessionView;
import io.engagement.platform.event.TelemetryRecorded;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.messaging.Message;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Learns each session's context from the topics, never from the analytics service's database:
 * pages and errors from telemetry and its overflow (binding {@code conversationTelemetry-in-0}),
 * the intelligence from the session summaries ({@code conversationSessions-in-0}). Both keep what
 * they see in memory ({@link RecentActivity}) and write down the sessions that have a conversation,
 * one write per session per poll.
 */
@Configuration(proxyBeanMethods = false)
class SessionContextFollowing {

    private final RecentActivity recent;
    private final WatchedSessions watched;
    private final SessionContextStore store;
    private final EventReader events;

    SessionContextFollowing(RecentActivity recent, WatchedSessions watched, SessionContextStore store, EventReader events) {
        this.recent = recent;
        this.watched = watched;
        this.store = store;
        this.events = events;
    }

    @Bean
    Consumer<Message<List<String>>> conversationTelemetry() {
        return poll -> onTelemetry(ReceivedRecords.batchOf(poll));
    }

    @Bean
    Consumer<Message<List<String>>> conversationSessions() {
        return poll -> onSummaries(ReceivedRecords.batchOf(poll));
    }

    void onTelemetry(List<ConsumerRecord<String, String>> records) {
        Map<String, Long> touched = new LinkedHashMap<>();
        for (ConsumerRecord<String, String> record : records) {
            readTelemetry(record).ifPresent(envelope -> {
                TelemetryRecorded event = envelope.data();
                if (event.sessionId() == null) {
                    return;
                }
                String key = WatchedSessions.key(envelope.orgId(), event.sessionId());
                if (learn(key, event)) {
                    touched.put(key, envelope.orgId());
                }
            });
        }
        writeWatched(touched);
    }

    void onSummaries(List<ConsumerRecord<String, String>> records) {
        PolledRecords<EventEnvelope<SessionSummarized>> polled = PolledRecords.read(records, this::summaryOf);
        Map<String, Long> touched = new LinkedHashMap<>();
        for (EventEnvelope<SessionSummarized> summary : polled.values()) {
            String key = WatchedSessions.key(summary.orgId(), summary.data().sessionId());
            recent.summary(key, SessionView.of(summary.data()));
            touched.put(key, summary.orgId());
        }
        writeWatched(touched);
        polled.rejectUnreadable();
    }

    /** Keeps a page view, a console error or a failed API call; answers whether it was one. */
    private boolean learn(String key, TelemetryRecorded event) {
        if (event.type() == null) {
            return false;
        }
        switch (event.type()) {
            case TelemetryRecorded.PAGE_VIEW -> {
                if (event.url() == null) {
                    return false;
                }
                recent.page(key, event.url());
                return true;
            }
            case TelemetryRecorded.CONSOLE_ERROR -> {
                recent.error(key, new SessionContext.RecentError(event.message(), event.url(), event.at()));
                return true;
            }
            case TelemetryRecorded.API_LOG -> {
                if (event.status() == null || event.status() > 0 && event.status() < 400) {
                    return false;
                }
                String call = (event.method() == null ? "" : event.method() + " ") + event.requestUrl();
                String outcome = event.status() == 0 ? "failed without an answer" : "answered " + event.status();
                recent.error(key, new SessionContext.RecentError(call + " " + outcome, event.url(), event.at()));
                return true;
            }
            default -> {
                return false;
            }
        }
    }

    /** A session that has just got a conversation: what this replica saw of it so far is written down, and what follows. */
    void watch(long organizationId, String sessionId) {
        String key = WatchedSessions.key(organizationId, sessionId);
        watched.watch(key);
        writeWatched(Map.of(key, organizationId));
    }

    private void writeWatched(Map<String, Long> touched) {
        List<SessionContextStore.Keyed> watchedNow = touched.entrySet().stream()
                .filter(session -> watched.isWatched(session.getKey()))
                .flatMap(session -> recent.of(session.getKey())
                        .map(snapshot -> new SessionContextStore.Keyed(session.getKey(), session.getValue(), snapshot)).stream())
                .toList();
        store.write(watchedNow).block();
    }

    /** A telemetry record's event; a record that is no telemetry event is passed over, as every other telemetry reader does. */
    private Optional<EventEnvelope<TelemetryRecorded>> readTelemetry(ConsumerRecord<String, String> record) {
        try {
            return record.value() == null ? Optional.empty() : events.readTelemetry(record.value());
        } catch (UnreadableRecord unreadable) {
            return Optional.empty();
        }
    }

    private Optional<EventEnvelope<SessionSummarized>> summaryOf(ConsumerRecord<String, String> record) {
        return record.value() == null ? Optional.empty() : events.read(record.value(), SessionSummarized.class)
                .filter(summary -> summary.data().sessionId() != null && summary.data().lastSeenAt() != null);
    }
}
