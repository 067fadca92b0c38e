package io.engagement.messaging.delivery;

import io.engagement.platform.event.EventEnvelope;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import tools.jackson.databind.JsonNode;

/** Delivers the queued messages of one channel (email, SMS). */
public interface ChannelWorker {

    /** The {@code type} of the envelopes this worker delivers. */
    String jobType();

    void deliver(ConsumerRecord<String, String> record, EventEnvelope<JsonNode> job);
}
