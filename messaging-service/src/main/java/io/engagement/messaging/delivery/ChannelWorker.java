package io.engagement.messaging.delivery;

import io.engagement.platform.event.EventEnvelope;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

import java.util.Map;

/** Delivers the queued messages of one channel (email, SMS, WhatsApp). */
public interface ChannelWorker {

    /** The {@code type} of the envelopes this worker delivers. */
    String jobType();

    /** The status of the channel's messages. */
    MessageLedger ledger();

    /** The message a record carries, and how to hand it to the channel's provider. */
    Deliveries.Delivery delivery(ConsumerRecord<String, String> record, EventEnvelope<JsonNode> job);

    /**
     * Keeps what the channel needs of a batch of hand-overs besides their status ({@code message id
     * → the fields its status shows}), before they are recorded sent; retried with the record, so
     * it must be idempotent.
     */
    default Mono<Void> handedOver(Map<String, Map<String, Object>> shown) {
        return Mono.empty();
    }
}
