package io.engagement.messaging.delivery;

import io.engagement.platform.event.EventEnvelope;
import io.engagement.platform.event.Topics;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.stereotype.Component;
import tools.jackson.core.JacksonException;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/** Reads the message queue and hands each record to the worker of its channel. */
@Component
class MessageQueueListener {

    private static final Logger log = LoggerFactory.getLogger(MessageQueueListener.class);
    private static final TypeReference<EventEnvelope<JsonNode>> ENVELOPE = new TypeReference<>() {
    };

    private final Map<String, ChannelWorker> workers;
    private final ObjectMapper json;

    MessageQueueListener(List<ChannelWorker> workers, ObjectMapper json) {
        this.workers = workers.stream().collect(Collectors.toUnmodifiableMap(ChannelWorker::jobType, Function.identity()));
        this.json = json;
    }

    @KafkaListener(id = "message-delivery", topics = Topics.MESSAGE)
    void onMessage(ConsumerRecord<String, String> record) {
        EventEnvelope<JsonNode> job;
        try {
            job = json.readValue(record.value(), ENVELOPE);
        } catch (JacksonException unreadable) {
            log.error("Skipping unreadable record {}-{}@{}: {}", record.topic(), record.partition(), record.offset(),
                    unreadable.getOriginalMessage());
            return;
        }
        ChannelWorker worker = workers.get(job.type());
        if (worker == null) {
            log.error("Skipping record {}-{}@{} of unknown type {}", record.topic(), record.partition(), record.offset(), job.type());
            return;
        }
        worker.deliver(record, job);
    }
}
