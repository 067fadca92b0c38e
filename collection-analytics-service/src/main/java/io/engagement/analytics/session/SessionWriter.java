package io.engagement.analytics.session;

import io.engagement.platform.event.EventEnvelope;
import io.engagement.platform.event.SessionSummarized;
import io.engagement.platform.event.Topics;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.stereotype.Component;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.ObjectMapper;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Stores the committed session summaries for the sessions API: a poll keeps each session's newest
 * summary and replaces the stored ones with them in one bulk write. Summaries are absolute, so a
 * redelivered poll writes the same values again.
 */
@Component
class SessionWriter {

    private static final Logger log = LoggerFactory.getLogger(SessionWriter.class);
    private static final TypeReference<EventEnvelope<SessionSummarized>> ENVELOPE = new TypeReference<>() {
    };

    private final SessionStore store;
    private final ObjectMapper json;

    SessionWriter(SessionStore store, ObjectMapper json) {
        this.store = store;
        this.json = json;
    }

    @KafkaListener(id = "session-store", topics = Topics.SESSION, batch = "true",
            properties = {"isolation.level=read_committed", "max.poll.records=2000"})
    void onSummaries(List<ConsumerRecord<String, String>> records) {
        Map<String, EventEnvelope<SessionSummarized>> newest = new LinkedHashMap<>();
        for (ConsumerRecord<String, String> record : records) {
            EventEnvelope<SessionSummarized> summary = readable(record);
            if (summary != null) {
                newest.merge(record.key(), summary, (kept, later) ->
                        later.data().eventCount() >= kept.data().eventCount() ? later : kept);
            }
        }
        store.saveAll(newest.values()).block();
    }

    private EventEnvelope<SessionSummarized> readable(ConsumerRecord<String, String> record) {
        try {
            return json.readValue(record.value(), ENVELOPE);
        } catch (RuntimeException unreadable) {
            log.warn("Skipping unreadable session summary at {}-{}@{}", record.topic(), record.partition(), record.offset());
            return null;
        }
    }
}
