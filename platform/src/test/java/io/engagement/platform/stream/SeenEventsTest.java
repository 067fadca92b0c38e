package io.engagement.platform.stream;

import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TestOutputTopic;
import org.apache.kafka.streams.TopologyTestDriver;
import org.apache.kafka.streams.kstream.Consumed;
import org.apache.kafka.streams.kstream.Produced;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Properties;

import static org.assertj.core.api.Assertions.assertThat;

/** De-duplication through a real (RocksDB) window store: an id counts once within the window, either side. */
class SeenEventsTest {

    private static final Duration WINDOW = Duration.ofHours(1);
    // the last millisecond of a window-long bucket, so that the next sighting falls in the bucket after
    private static final Instant T = Instant.parse("2026-11-27T10:59:59.999Z");

    @TempDir
    Path stateDir;
    private TopologyTestDriver driver;
    private TestInputTopic<String, String> events;
    private TestOutputTopic<String, String> firstSightings;

    @BeforeEach
    void startTopology() {
        StreamsBuilder builder = new StreamsBuilder();
        builder.addStateStore(SeenEvents.store("seen", WINDOW));
        builder.stream("events", Consumed.with(Serdes.String(), Serdes.String()))
                .process(FirstSightings::new, "seen")
                .to("first-sightings", Produced.with(Serdes.String(), Serdes.String()));
        Properties properties = new Properties();
        properties.put(StreamsConfig.APPLICATION_ID_CONFIG, "seen-events-test");
        properties.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, "unused:9092");
        properties.put(StreamsConfig.STATE_DIR_CONFIG, stateDir.toString());
        driver = new TopologyTestDriver(builder.build(), properties);
        events = driver.createInputTopic("events", new StringSerializer(), new StringSerializer());
        firstSightings = driver.createOutputTopic("first-sightings", new StringDeserializer(), new StringDeserializer());
    }

    @AfterEach
    void closeTopology() {
        driver.close();
    }

    @Test
    void anIdSeenAgainWithinTheWindowIsADuplicateAcrossABucketBoundaryToo() {
        see("a", T);
        see("a", T.plusMillis(1));
        see("a", T.plus(WINDOW));

        assertThat(firstSightings.readValuesToList()).containsExactly("a@" + T);
    }

    @Test
    void anIdSeenEarlierWithinTheWindowIsADuplicateUpToTheWindowItself() {
        see("b", T.plus(Duration.ofMinutes(30)));
        see("b", T);
        see("b", T.minus(Duration.ofMinutes(30)));

        assertThat(firstSightings.readValuesToList()).containsExactly("b@" + T.plus(Duration.ofMinutes(30)));
    }

    @Test
    void anIdCountsAgainOnceTheWindowHasPassedSinceItsFirstSighting() {
        see("c", T);
        see("c", T.plus(Duration.ofMinutes(50)));
        see("c", T.plus(WINDOW).plusMillis(1));
        see("c", T.plus(WINDOW).plus(Duration.ofMinutes(40)));

        assertThat(firstSightings.readValuesToList())
                .containsExactly("c@" + T, "c@" + T.plus(WINDOW).plusMillis(1));
    }

    @Test
    void aSightingInTheBucketBeforeThatIsOlderThanTheWindowIsNoDuplicate() {
        Instant bucketStart = Instant.parse("2026-11-27T10:00:00Z");
        see("f", bucketStart);
        see("f", bucketStart.plus(Duration.ofMinutes(119)));

        assertThat(firstSightings.readValuesToList())
                .containsExactly("f@" + bucketStart, "f@" + bucketStart.plus(Duration.ofMinutes(119)));
    }

    @Test
    void differentIdsAreEachFirstSightings() {
        see("d", T);
        see("e", T);

        assertThat(firstSightings.readValuesToList()).containsExactly("d@" + T, "e@" + T);
    }

    private void see(String id, Instant at) {
        events.pipeInput(id, id, at);
    }

    private static final class FirstSightings implements Processor<String, String, String, String> {

        private ProcessorContext<String, String> context;
        private SeenEvents seen;

        @Override
        public void init(ProcessorContext<String, String> context) {
            this.context = context;
            this.seen = SeenEvents.of(context, "seen", WINDOW);
        }

        @Override
        public void process(Record<String, String> record) {
            if (seen.firstSighting(record.key(), record.timestamp())) {
                context.forward(record.withValue(record.key() + "@" + Instant.ofEpochMilli(record.timestamp())));
            }
        }
    }
}
