package io.engagement.testkit;

import io.engagement.infra.EmbeddedKafka;
import io.engagement.infra.EmbeddedMongo;
import io.engagement.infra.KafkaTopics;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.kafka.KafkaContainer;
import org.testcontainers.mongodb.MongoDBContainer;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * One Kafka broker and one MongoDB server for the whole test JVM, started on first use and stopped
 * when the JVM ends. With a Docker engine they are the real {@code apache/kafka} and {@code mongo}
 * images (Testcontainers); without one, the same broker and a MongoDB wire-protocol server run in
 * process. {@code -Dengagement.test.infrastructure=embedded|containers} forces a choice.
 */
public final class SharedInfrastructure {

    private static final Logger log = LoggerFactory.getLogger(SharedInfrastructure.class);
    private static final String KAFKA_IMAGE = "apache/kafka:4.1.0";
    private static final String MONGO_IMAGE = "mongo:8.0";

    private static Infrastructure instance;

    private SharedInfrastructure() {
    }

    public static synchronized Infrastructure get() {
        if (instance == null) {
            instance = useContainers() ? startContainers() : startEmbedded();
            log.info("Test infrastructure: {}", instance);
        }
        return instance;
    }

    /** Creates topics and waits until each partition has a leader, so producers do not race the broker. */
    public static void createTopics(Map<String, Integer> topics) {
        createTopics(topics, Set.of());
    }

    /** {@code compacted}: the topics among them that keep only each key's latest record. */
    public static void createTopics(Map<String, Integer> topics, Set<String> compacted) {
        KafkaTopics.create(get().kafkaBootstrapServers(), topics, compacted);
    }

    private static boolean useContainers() {
        String choice = System.getProperty("engagement.test.infrastructure", "auto");
        if (!choice.equals("auto")) {
            return choice.equals("containers");
        }
        try {
            return DockerClientFactory.instance().isDockerAvailable();
        } catch (RuntimeException | LinkageError noDocker) {
            return false;
        }
    }

    private static Infrastructure startContainers() {
        KafkaContainer kafka = new KafkaContainer(KAFKA_IMAGE);
        MongoDBContainer mongo = new MongoDBContainer(MONGO_IMAGE);
        kafka.start();
        mongo.start();
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            kafka.stop();
            mongo.stop();
        }, "test-infrastructure-stop"));
        String mongoUri = mongo.getReplicaSetUrl().replaceFirst("/test(\\?|$)", "/$1");
        return new Infrastructure(kafka.getBootstrapServers(), mongoUri, "Testcontainers " + KAFKA_IMAGE + ", " + MONGO_IMAGE);
    }

    private static Infrastructure startEmbedded() {
        Path kafkaDir = temporaryDirectory("engagement-test-kafka");
        EmbeddedKafka kafka = EmbeddedKafka.start(kafkaDir, 0);
        EmbeddedMongo mongo = EmbeddedMongo.inMemory(0);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            kafka.close();
            mongo.close();
            // the broker's log directory is this run's alone; left behind, every run would add one
            deleteRecursively(kafkaDir);
        }, "test-infrastructure-stop"));
        return new Infrastructure(kafka.bootstrapServers(), mongo.connectionString(),
                "in-process Kafka (KRaft) and MongoDB wire-protocol server");
    }

    private static Path temporaryDirectory(String prefix) {
        try {
            return Files.createTempDirectory(prefix);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void deleteRecursively(Path directory) {
        try (Stream<Path> paths = Files.walk(directory)) {
            paths.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
        } catch (IOException | UncheckedIOException ignored) {
            // best effort at shutdown: a file still open is the operating system's to clean
        }
    }
}
