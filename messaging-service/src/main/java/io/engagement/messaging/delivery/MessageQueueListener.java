package io.engagement.messaging.delivery;

import io.engagement.platform.binding.PolledRecords;
import io.engagement.platform.binding.ReceivedRecords;
import io.engagement.platform.binding.UnreadableRecord;
import io.engagement.platform.event.EventEnvelope;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.messaging.Message;
import tools.jackson.core.JacksonException;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Reads the message queue a poll at a time (binding {@code messageQueue}, batch) and hands each run
 * of one channel's records, in the order consumed, to that channel's worker. A record that is no job
 * of a known channel goes to the queue's dead letters once the jobs before it are delivered.
 */
@Configuration(proxyBeanMethods = false)
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

    @Bean
    Consumer<Message<List<String>>> messageQueue() {
        return poll -> onMessages(ReceivedRecords.batchOf(poll));
    }

    void onMessages(List<ConsumerRecord<String, String>> records) {
        PolledRecords<Job> polled = PolledRecords.read(records, this::job);
        ChannelWorker running = null;
        List<Deliveries.Delivery> run = new ArrayList<>();
        for (Job job : polled.values()) {
            if (job.worker() != running && !run.isEmpty()) {
                deliveries.deliver(run, running);
                run = new ArrayList<>();
            }
            running = job.worker();
            run.add(job.delivery());
        }
        if (!run.isEmpty()) {
            deliveries.deliver(run, running);
        }
        polled.rejectUnreadable();
    }

    /** Empty for an empty record; a job that does not read as a known channel's was never one of ours. */
    private Optional<Job> job(ConsumerRecord<String, String> record) {
        if (record.value() == null) {
            log.error("Skipping empty record {}-{}@{}", record.topic(), record.partition(), record.offset());
            return Optional.empty();
        }
        EventEnvelope<JsonNode> envelope;
        try {
            envelope = json.readValue(record.value(), ENVELOPE);
        } catch (JacksonException unreadable) {
            throw new UnreadableRecord("an unreadable message job: " + unreadable.getOriginalMessage(), unreadable);
        }
        ChannelWorker worker = envelope.type() == null ? null : workers.get(envelope.type());
        if (worker == null) {
            throw new UnreadableRecord("a message job of unknown type " + envelope.type());
        }
        try {
            return Optional.of(new Job(worker, worker.delivery(record, envelope)));
        } catch (JacksonException unreadable) {
            throw new UnreadableRecord("a " + envelope.type() + " job that does not read: " + unreadable.getOriginalMessage(),
                    unreadable);
        }
    }

    private record Job(ChannelWorker worker, Deliveries.Delivery delivery) {
    }
}
