package io.engagement.platform.stream;

import io.engagement.platform.event.Topics;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.streams.processor.FailOnInvalidTimestamp;
import org.apache.kafka.streams.processor.TimestampExtractor;

/**
 * The time a Kafka Streams task orders its input by, for a topology that reads telemetry and its
 * overflow topic through one source. A task takes next the record with the smallest time among the
 * heads of its partitions; a record of {@link Topics#TELEMETRY_OVERFLOW} is timed when it comes to
 * the head of its partition's queue, so every record of the other topics written before that moment
 * goes first, and an organization over its fair share is counted after everyone else's events that
 * were already waiting, whatever the age of its own backlog. Records of every other topic keep the
 * time the broker gave them, as by default.
 * <p>
 * The topologies read event time from the events themselves: this time decides only the order of
 * processing (and the time idle state is judged by).
 */
public final class OverflowLast implements TimestampExtractor {

    /** The bean name a binding's {@code timestamp-extractor-bean-name} gives. */
    public static final String BEAN = "overflowLast";

    private final TimestampExtractor otherwise = new FailOnInvalidTimestamp();

    @Override
    public long extract(ConsumerRecord<Object, Object> record, long partitionTime) {
        if (Topics.TELEMETRY_OVERFLOW.equals(record.topic())) {
            return Math.max(System.currentTimeMillis(), record.timestamp());
        }
        return otherwise.extract(record, partitionTime);
    }
}
