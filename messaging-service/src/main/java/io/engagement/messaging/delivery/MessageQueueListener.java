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

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Reads the message queue a poll at a time and hands each run of one channel's records, in the
 * order consumed, to that channel's worker.
 */
@Component
class MessageQueueListener {

    private static final Logger log = LoggerFactory.getLogger(MessageQueueListener.class);
    private static final TypeReference<EventEnvelope<JsonNode>> ENVELOPE = new TypeReference<>() {
    };

    private final Map<String, ChannelWorker> workers;
    private final Deliveries deliveries;
    private final ObjectMapper json;

    MessageQueueListener(List<ChannelWorker> workers, Deliveries deliveries, ObjectMapper json) {
        this.workers = workers.stream().collect(Collectors.toUnmodifiableMap(ChannelWorker::jobType, Function.identity()));
        this.deliveries = deliveries;
        this.json = json;
    }

    @KafkaListener(id = Deliveries.DELIVERY, topics = Topics.MESSAGE, batch = "true")
    void onMessages(List<ConsumerRecord<String, String>> records) {
        ChannelWorker running = null;
        List<Deliveries.Delivery> run = new ArrayList<>();
        for (ConsumerRecord<String, String> record : records) {
            EventEnvelope<JsonNode> job = readable(record);
            ChannelWorker worker = job == null ? null : workerOf(record, job);
            Deliveries.Delivery delivery = worker == null ? null : deliveryOf(worker, record, job);
            if (delivery == null) {
                continue;
            }
            if (worker != running && !run.isEmpty()) {
                deliveries.deliver(run, running);
                run = new ArrayList<>();
            }
            running = worker;
            run.add(delivery);
        }
        if (!run.isEmpty()) {
            deliveries.deliver(run, running);
        }
    }

    private EventEnvelope<JsonNode> readable(ConsumerRecord<String, String> record) {
        if (record.value() == null) {
            log.error("Skipping empty record {}-{}@{}", record.topic(), record.partition(), record.offset());
            return null;
        }
        try {
            return json.readValue(record.value(), ENVELOPE);
        } catch (JacksonException unreadable) {
            log.error("Skipping unreadable record {}-{}@{}: {}", record.topic(), record.partition(), record.offset(),
                    unreadable.getOriginalMessage());
            return null;
        }
    }

    private ChannelWorker workerOf(ConsumerRecord<String, String> record, EventEnvelope<JsonNode> job) {
        ChannelWorker worker = workers.get(job.type());
        if (worker == null) {
            log.error("Skipping record {}-{}@{} of unknown type {}", record.topic(), record.partition(), record.offset(), job.type());
        }
        return worker;
    }

    /** A job that does not read as its channel's was never one of ours: skipped, not retried forever. */
    private static Deliveries.Delivery deliveryOf(ChannelWorker worker, ConsumerRecord<String, String> record, EventEnvelope<JsonNode> job) {
        try {
            return worker.delivery(record, job);
        } catch (JacksonException unreadable) {
            log.error("Skipping record {}-{}@{} whose {} job does not read: {}", record.topic(), record.partition(), record.offset(),
                    job.type(), unreadable.getOriginalMessage());
            return null;
        }
    }
}
