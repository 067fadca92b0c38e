package io.engagement.platform.binding;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.springframework.kafka.support.KafkaHeaders;
import org.springframework.kafka.support.converter.BatchMessagingMessageConverter;
import org.springframework.kafka.support.converter.MessagingMessageConverter;
import org.springframework.messaging.Message;

import java.util.List;

/**
 * The Kafka records behind a binding's message, for consumers that need a record's key, topic,
 * offset or headers (its trace) as well as its value. A binding gets them by naming one of the
 * converters below in its {@code converter-bean-name}: {@value #RECORD} for one record at a time,
 * {@value #BATCH} in batch mode; keys and values are read as strings.
 */
public final class ReceivedRecords {

    /** The converter bean of a record binding that hands its consumer the record as received. */
    public static final String RECORD = "receivedRecord";
    /** The converter bean of a batch binding that hands its consumer the poll's records as received. */
    public static final String BATCH = "receivedRecords";

    private ReceivedRecords() {
    }

    public static MessagingMessageConverter recordConverter() {
        MessagingMessageConverter converter = new MessagingMessageConverter();
        converter.setRawRecordHeader(true);
        return converter;
    }

    /**
     * Each record keeps its own headers, which is where the consumers read them (a trace, a dead
     * letter's origin): the message carries no per-record copies of them as header maps.
     */
    public static BatchMessagingMessageConverter batchConverter() {
        BatchMessagingMessageConverter converter = new BatchMessagingMessageConverter();
        converter.setRawRecordHeader(true);
        converter.setHeaderMapper(null);
        return converter;
    }

    /**
     * A record binding's value as text; {@code null} for a tombstone, whose payload the binder hands
     * on as a placeholder object (a {@code Consumer<String>} would fail on it and dead-letter it).
     */
    public static String valueOf(Message<?> message) {
        return message.getPayload() instanceof String value ? value : null;
    }

    /** The record of a message from a {@value #RECORD} binding. */
    @SuppressWarnings("unchecked")
    public static ConsumerRecord<String, String> of(Message<?> message) {
        return (ConsumerRecord<String, String>) required(message);
    }

    /** The records of a message from a {@value #BATCH} binding, in the order polled. */
    @SuppressWarnings("unchecked")
    public static List<ConsumerRecord<String, String>> batchOf(Message<?> message) {
        return (List<ConsumerRecord<String, String>>) required(message);
    }

    private static Object required(Message<?> message) {
        Object raw = message.getHeaders().get(KafkaHeaders.RAW_DATA);
        if (raw == null) {
            throw new IllegalStateException("the binding does not name a converter that keeps the records (converter-bean-name)");
        }
        return raw;
    }
}
