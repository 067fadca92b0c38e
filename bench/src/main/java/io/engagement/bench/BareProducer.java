package io.engagement.bench;

import io.engagement.platform.event.Topics;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The floor a suite's ingest is compared with: a Kafka producer in this JVM with the ingest
 * service's settings, sending the envelopes ingest would publish to a topic of the same broker
 * with the telemetry topic's partition count, which nobody consumes. It stands in for a bare
 * command-line producer such as {@code kcat} into the same broker.
 */
final class BareProducer {

    static final String TOPIC = "bench.bare-producer";
    /** More than any run sends: the events' timestamps spread over the window by this count. */
    private static final long PLANNED = 50_000_000L;

    private final String bootstrap;
    private final int inFlight;
    private final Instant end;
    private final Duration window;

    /** At most {@code inFlight} records unacknowledged, as many as the gateway's clients have in flight. */
    BareProducer(String bootstrap, int inFlight, Instant end, Duration window) {
        this.bootstrap = bootstrap;
        this.inFlight = inFlight;
        this.end = end;
        this.window = window;
    }

    /** The settings of the ingest service's producer (the platform's defaults). */
    static KafkaProducer<String, String> producer(String bootstrap) {
        Properties p = new Properties();
        p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        p.put(ProducerConfig.ACKS_CONFIG, "all");
        p.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
        p.put(ProducerConfig.COMPRESSION_TYPE_CONFIG, "lz4");
        p.put(ProducerConfig.LINGER_MS_CONFIG, 5);
        p.put(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, 120_000);
        return new KafkaProducer<>(p, new StringSerializer(), new StringSerializer());
    }

    /** Creates the topic once its partitions have leaders; safe to call again. */
    void createTopic(Admin admin) throws Exception {
        if (!admin.listTopics().names().get().contains(TOPIC)) {
            admin.createTopics(List.of(new NewTopic(TOPIC, Topics.ALL.get(Topics.TELEMETRY), (short) 1))).all().get();
        }
        // an idempotent producer that starts before the leaders exist can loop on sequence errors
        while (admin.describeTopics(List.of(TOPIC)).allTopicNames().get().get(TOPIC).partitions().stream()
                .anyMatch(partition -> partition.leader() == null)) {
            Thread.sleep(100);
        }
    }

    /** Sends for {@code time} and answers the records acknowledged per second. */
    double run(TelemetryEvents events, String series, Duration time) throws Exception {
        System.out.printf("Bare Kafka producer (%s), same events and settings, same broker, %d s ...%n", series, time.toSeconds());
        AtomicLong acknowledged = new AtomicLong();
        Semaphore unacknowledged = new Semaphore(inFlight);
        try (KafkaProducer<String, String> producer = producer(bootstrap)) {
            long deadline = System.nanoTime() + time.toNanos();
            long started = System.nanoTime();
            for (long i = 0; System.nanoTime() < deadline; i++) {
                TelemetryEvents.Event event = events.event(series, i, PLANNED, end, window);
                unacknowledged.acquire();
                producer.send(new ProducerRecord<>(TOPIC, event.key(), event.envelope()), (metadata, failure) -> {
                    unacknowledged.release();
                    if (failure == null) {
                        acknowledged.incrementAndGet();
                    }
                });
            }
            producer.flush();
            double rate = acknowledged.get() / BenchSuite.seconds(started);
            System.out.printf("  %,d events acknowledged, %,.0f events/s%n", acknowledged.get(), rate);
            return rate;
        }
    }
}
