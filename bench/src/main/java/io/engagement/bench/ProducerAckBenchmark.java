package io.engagement.bench;

import io.engagement.infra.EmbeddedKafka;
import io.engagement.platform.PlatformAutoConfiguration;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.serialization.StringSerializer;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.cloud.stream.function.StreamBridge;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Configuration;
import org.springframework.kafka.core.DefaultKafkaProducerFactory;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.kafka.support.KafkaHeaders;
import org.springframework.messaging.support.MessageBuilder;

import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * What a request that must answer only once the broker has its events pays for the two ways of
 * producing: spring-kafka's template (a future per record, completed by the producer's I/O thread,
 * no thread waiting) and Spring Cloud Stream's StreamBridge with {@code sync=true} (the one way it
 * hands back the broker's acknowledgement to the caller, by blocking the calling thread; so it runs
 * on a worker pool, never on an event loop). The same embedded broker, producer settings of the
 * ingest service, batches of {@code bench.batch} events with {@code bench.in-flight} batches
 * outstanding, as many HTTP requests would have. Prints events per second, each batch's time to
 * acknowledged (p50/p99) and the threads that wait, side by side.
 */
public final class ProducerAckBenchmark {

    private static final String TOPIC = "bench.producer-ack";

    public static void main(String[] args) throws Exception {
        int batch = Integer.getInteger("bench.batch", 50);
        int inFlight = Integer.getInteger("bench.in-flight", 16);
        int batches = Integer.getInteger("bench.batches", 2_000);
        Path directory = Files.createTempDirectory("engagement-bench-producer-ack");
        try (EmbeddedKafka kafka = EmbeddedKafka.start(directory, freePort())) {
            kafka.createTopics(Map.of(TOPIC, 6), Set.of());
            String bootstrap = kafka.bootstrapServers();
            // each side once to warm up (class loading, JIT, producer metadata), then measured
            template(bootstrap, batch, inFlight, batches / 4);
            Result template = template(bootstrap, batch, inFlight, batches);
            Result bridge;
            try (ConfigurableApplicationContext context = bridgeContext(bootstrap)) {
                StreamBridge streamBridge = context.getBean(StreamBridge.class);
                bridge(streamBridge, batch, inFlight, batches / 4);
                bridge = bridge(streamBridge, batch, inFlight, batches);
            }
            System.out.printf("%n%d batches of %d events, %d batches in flight, acks=all, idempotent, lz4, linger 5 ms%n",
                    batches, batch, inFlight);
            System.out.printf("%-40s %14s %12s %12s %16s%n", "producer", "events/s", "batch p50", "batch p99", "threads waiting");
            print("KafkaTemplate (futures)", template, 0);
            print("StreamBridge sync=true (worker pool)", bridge, inFlight);
            System.out.printf("template / bridge: %.1fx the events per second, %.1fx shorter p50%n",
                    template.eventsPerSecond() / bridge.eventsPerSecond(), bridge.latency().p50() / template.latency().p50());
        }
    }

    private static void print(String name, Result result, int waiting) {
        System.out.printf("%-40s %,14.0f %9.2f ms %9.2f ms %16d%n", name, result.eventsPerSecond(), result.latency().p50(),
                result.latency().p99(), waiting);
    }

    /** Every record of a batch sent at once; the batch is acknowledged when the last future completes. */
    private static Result template(String bootstrap, int batch, int inFlight, int batches) throws Exception {
        DefaultKafkaProducerFactory<String, String> factory = new DefaultKafkaProducerFactory<>(producerSettings(bootstrap));
        KafkaTemplate<String, String> template = new KafkaTemplate<>(factory);
        try {
            Semaphore outstanding = new Semaphore(inFlight);
            long[] latencies = new long[batches];
            AtomicInteger done = new AtomicInteger();
            long started = System.nanoTime();
            for (int b = 0; b < batches; b++) {
                outstanding.acquire();
                long sent = System.nanoTime();
                int index = b;
                List<CompletableFuture<?>> acks = new ArrayList<>(batch);
                for (int e = 0; e < batch; e++) {
                    acks.add(template.send(TOPIC, key(b, e), value(b, e)));
                }
                CompletableFuture.allOf(acks.toArray(CompletableFuture[]::new)).whenComplete((ok, failure) -> {
                    latencies[index] = System.nanoTime() - sent;
                    done.incrementAndGet();
                    outstanding.release();
                });
            }
            outstanding.acquire(inFlight);
            return new Result(batches * (double) batch / BenchSuite.seconds(started), Percentiles.of(latencies, done.get()));
        } finally {
            factory.destroy();
        }
    }

    /** Each batch on a worker thread of its own, its records sent one after the other, each waiting for its acknowledgement. */
    private static Result bridge(StreamBridge bridge, int batch, int inFlight, int batches) throws Exception {
        ExecutorService workers = Executors.newFixedThreadPool(inFlight);
        try {
            long[] latencies = new long[batches];
            long started = System.nanoTime();
            List<CompletableFuture<Void>> running = new ArrayList<>(batches);
            for (int b = 0; b < batches; b++) {
                int index = b;
                running.add(CompletableFuture.runAsync(() -> {
                    long sent = System.nanoTime();
                    for (int e = 0; e < batch; e++) {
                        bridge.send("benchOut-out-0", MessageBuilder.withPayload(value(index, e)).setHeader(KafkaHeaders.KEY, key(index, e)).build());
                    }
                    latencies[index] = System.nanoTime() - sent;
                }, workers));
            }
            CompletableFuture.allOf(running.toArray(CompletableFuture[]::new)).join();
            return new Result(batches * (double) batch / BenchSuite.seconds(started), Percentiles.of(latencies, batches));
        } finally {
            workers.shutdown();
            workers.awaitTermination(10, TimeUnit.SECONDS);
        }
    }

    private static ConfigurableApplicationContext bridgeContext(String bootstrap) {
        Map<String, Object> properties = new HashMap<>();
        properties.put("spring.kafka.bootstrap-servers", bootstrap);
        properties.put("spring.cloud.stream.output-bindings", "benchOut");
        properties.put("spring.cloud.stream.bindings.benchOut-out-0.destination", TOPIC);
        properties.put("spring.cloud.stream.bindings.benchOut-out-0.producer.use-native-encoding", "true");
        properties.put("spring.cloud.stream.kafka.bindings.benchOut-out-0.producer.sync", "true");
        producerSettings(bootstrap).forEach((name, value) -> {
            if (!name.equals(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG)) {
                properties.put("spring.cloud.stream.kafka.bindings.benchOut-out-0.producer.configuration." + name, value.toString());
            }
        });
        properties.put("spring.main.banner-mode", "off");
        return new SpringApplicationBuilder(BridgeOnly.class).web(WebApplicationType.NONE).properties(properties).run();
    }

    /** The ingest service's producer settings (the platform's defaults). */
    private static Map<String, Object> producerSettings(String bootstrap) {
        Map<String, Object> settings = new HashMap<>();
        settings.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        settings.put(ProducerConfig.ACKS_CONFIG, "all");
        settings.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
        settings.put(ProducerConfig.COMPRESSION_TYPE_CONFIG, "lz4");
        settings.put(ProducerConfig.LINGER_MS_CONFIG, 5);
        settings.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        settings.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        return settings;
    }

    private static String key(int batch, int event) {
        return "7:session-" + batch + "-" + (event % 5);
    }

    private static String value(int batch, int event) {
        return "{\"type\":\"page_view\",\"batch\":" + batch + ",\"event\":" + event + ",\"url\":\"https://shop.example/p/" + event + "\"}";
    }

    private static int freePort() throws Exception {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    private record Result(double eventsPerSecond, Percentiles latency) {
    }

    @Configuration(proxyBeanMethods = false)
    // the binder and Kafka only: the suite's own auto-configuration is for services
    @EnableAutoConfiguration(exclude = PlatformAutoConfiguration.class)
    static class BridgeOnly {
    }
}
