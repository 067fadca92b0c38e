package io.engagement.analytics.session;

import io.engagement.analytics.archive.ArchivedSessions;
import io.engagement.platform.event.EventEnvelope;
import io.engagement.platform.event.SessionSummarized;
import io.engagement.platform.binding.PolledRecords;
import io.engagement.platform.binding.ReceivedRecords;
import io.engagement.platform.binding.UnreadableRecord;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.messaging.Message;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.ObjectMapper;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.regex.Pattern;

/**
 * Stores the committed session summaries for the sessions API: a poll keeps each session's newest
 * summary and replaces the stored ones with them in one bulk write. Summaries are absolute, so a
 * redelivered poll writes the same values again. A tombstone (an erased session) deletes the
 * session and its archived events. Binding {@code sessionSummaries-in-0}, batch; summaries are
 * published in exactly-once transactions, and the binding reads committed ones only.
 */
@Configuration(proxyBeanMethods = false)
class SessionWriter {

    private static final Pattern OUR_KEY = Pattern.compile("\\d{1,18}:.+");
    private static final TypeReference<EventEnvelope<SessionSummarized>> ENVELOPE = new TypeReference<>() {
    };

    private final SessionStore store;
    private final ArchivedSessions archive;
    private final ObjectMapper json;

    SessionWriter(SessionStore store, ArchivedSessions archive, ObjectMapper json) {
        this.store = store;
        this.archive = archive;
        this.json = json;
    }

    @Bean
    Consumer<Message<List<String>>> sessionSummaries() {
        return poll -> onSummaries(ReceivedRecords.batchOf(poll));
    }

    void onSummaries(List<ConsumerRecord<String, String>> records) {
        PolledRecords<Keyed> polled = PolledRecords.read(records, record -> Optional.of(new Keyed(record.key(), summaryOf(record))));
        Map<String, Optional<EventEnvelope<SessionSummarized>>> newest = new LinkedHashMap<>();
        for (Keyed record : polled.values()) {
            if (record.summary().isEmpty()) {
                newest.put(record.key(), Optional.empty());
                continue;
            }
            newest.merge(record.key(), record.summary(), SessionWriter::later);
        }
        List<EventEnvelope<SessionSummarized>> kept = newest.values().stream().flatMap(Optional::stream).toList();
        List<String> erased = newest.entrySet().stream().filter(entry -> entry.getValue().isEmpty()).map(Map.Entry::getKey).toList();
        store.saveAll(kept).then(forget(erased)).block();
        polled.rejectUnreadable();
    }

    /** A summary after a tombstone is a session that came back after its erasure; it is kept. */
    private static Optional<EventEnvelope<SessionSummarized>> later(Optional<EventEnvelope<SessionSummarized>> kept,
                                                                   Optional<EventEnvelope<SessionSummarized>> later) {
        if (kept.isEmpty()) {
            return later;
        }
        return later.get().data().eventCount() >= kept.get().data().eventCount() ? later : kept;
    }

    /**
     * A tombstone erases its session: the summary and, in the archive, its raw events and replay
     * chunks. Keys are {@code org:session_id}; one that is not is not ours.
     */
    private Mono<Void> forget(List<String> keys) {
        List<String> ours = keys.stream().filter(key -> key != null && OUR_KEY.matcher(key).matches()).toList();
        return store.deleteAll(ours).then(Flux.fromIterable(ours)
                .groupBy(key -> Long.parseLong(key.substring(0, key.indexOf(':'))))
                .concatMap(organization -> organization.map(key -> key.substring(key.indexOf(':') + 1)).collectList()
                        .flatMap(sessionIds -> archive.forget(organization.key(), sessionIds)))
                .then());
    }

    /** The record's summary; empty for a tombstone. */
    private Optional<EventEnvelope<SessionSummarized>> summaryOf(ConsumerRecord<String, String> record) {
        if (record.value() == null) {
            return Optional.empty();
        }
        try {
            return Optional.of(json.readValue(record.value(), ENVELOPE));
        } catch (RuntimeException unreadable) {
            throw new UnreadableRecord("an unreadable session summary: " + unreadable, unreadable);
        }
    }

    /** A record of the poll by its key: a summary, or a tombstone. */
    private record Keyed(String key, Optional<EventEnvelope<SessionSummarized>> summary) {
    }
}
