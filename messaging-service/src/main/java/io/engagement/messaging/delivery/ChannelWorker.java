package io.engagement.messaging.delivery;

import io.engagement.platform.event.EventEnvelope;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import tools.jackson.databind.JsonNode;

/** Delivers the queued messages of one channel (email, SMS, WhatsApp). */
public interface ChannelWorker {

    /** The {@code type} of the envelopes this worker delivers. */
    String jobType();

    /** The status of the channel's messages. */
    MessageLedger ledger();

    /** The message a record carries, and how to hand it to the channel's provider. */
    Deliveries.Delivery delivery(ConsumerRecord<String, String> record, EventEnvelope<JsonNode> job);
}
