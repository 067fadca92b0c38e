package io.engagement.platform.stream;

import io.engagement.platform.event.Topics;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.record.TimestampType;
import org.apache.kafka.streams.errors.StreamsException;
import org.junit.jupiter.api.Test;

import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class OverflowLastTest {

    private static final long AN_HOUR_AGO = System.currentTimeMillis() - 3_600_000;

    private final OverflowLast extractor = new OverflowLast();

    @Test
    void anOverflowRecordIsTimedWhenItIsTakenSoEverythingAlreadyWaitingGoesFirst() {
        long before = System.currentTimeMillis();

        long overflow = extractor.extract(record(Topics.TELEMETRY_OVERFLOW, AN_HOUR_AGO), AN_HOUR_AGO);

        assertThat(overflow).isGreaterThanOrEqualTo(before);
        assertThat(extractor.extract(record(Topics.TELEMETRY, AN_HOUR_AGO + 1_000), AN_HOUR_AGO)).isLessThan(overflow);
    }

    @Test
    void everyOtherTopicKeepsTheBrokersTimeAndRefusesNoneAsByDefault() {
        assertThat(extractor.extract(record(Topics.TELEMETRY, AN_HOUR_AGO), 0)).isEqualTo(AN_HOUR_AGO);
        assertThat(extractor.extract(record(Topics.CUSTOMER, AN_HOUR_AGO), 0)).isEqualTo(AN_HOUR_AGO);
        assertThatThrownBy(() -> extractor.extract(record(Topics.TELEMETRY, -1), 0)).isInstanceOf(StreamsException.class);
    }

    private static ConsumerRecord<Object, Object> record(String topic, long timestamp) {
        return new ConsumerRecord<>(topic, 0, 0, timestamp, TimestampType.CREATE_TIME, 0, 0, "7:s-1", "{}", new RecordHeaders(),
                Optional.empty());
    }
}
