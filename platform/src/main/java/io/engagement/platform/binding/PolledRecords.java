package io.engagement.platform.binding;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.springframework.kafka.listener.BatchListenerFailedException;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * A batch binding's poll, read in order up to the first record that cannot be read. The consumer
 * handles what was read, then calls {@link #rejectUnreadable()}: the records before the unreadable
 * one are committed, it goes to the dead letters ({@link DeadLetterPolicy}), and the records after
 * it come again with the next poll. So one bad record never stalls its partition, and none behind
 * it is lost.
 *
 * @param <T> what the consumer reads a record as
 */
public final class PolledRecords<T> {

    private final List<ConsumerRecord<String, String>> records;
    private final List<Read<T>> read;
    private final UnreadableRecord unreadable;

    private PolledRecords(List<ConsumerRecord<String, String>> records, List<Read<T>> read, UnreadableRecord unreadable) {
        this.records = records;
        this.read = read;
        this.unreadable = unreadable;
    }

    /**
     * @param reader what a record holds for the consumer; empty for one it passes over (another
     *               event type, a tombstone); it throws {@link UnreadableRecord} for one it cannot read
     */
    public static <T> PolledRecords<T> read(List<ConsumerRecord<String, String>> records,
                                            Function<ConsumerRecord<String, String>, Optional<T>> reader) {
        List<Read<T>> read = new ArrayList<>(records.size());
        for (ConsumerRecord<String, String> record : records) {
            try {
                read.add(new Read<>(record, reader.apply(record)));
            } catch (UnreadableRecord failure) {
                return new PolledRecords<>(records, read, failure);
            }
        }
        return new PolledRecords<>(records, read, null);
    }

    /** What the records before the first unreadable one hold, in order. */
    public List<T> values() {
        return read.stream().map(Read::value).flatMap(Optional::stream).toList();
    }

    /** The records before the first unreadable one, whatever they held. */
    public List<ConsumerRecord<String, String>> records() {
        return read.stream().map(Read::record).toList();
    }

    /** Sends the first unreadable record to the dead letters, once what came before it is handled. */
    public void rejectUnreadable() {
        if (unreadable != null) {
            throw new BatchListenerFailedException(unreadable.getMessage(), unreadable, records.get(read.size()));
        }
    }

    private record Read<T>(ConsumerRecord<String, String> record, Optional<T> value) {
    }
}
