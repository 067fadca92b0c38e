package io.engagement.infra;

import kafka.server.KafkaConfig;
import kafka.server.KafkaRaftServer;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.utils.Time;
import org.apache.kafka.metadata.storage.Formatter;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A single-node, in-process Apache Kafka 4.x broker running in KRaft combined mode
 * (process.roles=broker,controller). Storage lives under {@code dataDir} and is reused across restarts.
 */
public final class EmbeddedKafka implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(EmbeddedKafka.class);
    private static final int NODE_ID = 1;
    private static final String HOST = "127.0.0.1";
    private static final String CONTROLLER_LISTENER = "CONTROLLER";
    private static final Duration STARTUP_TIMEOUT = Duration.ofSeconds(60);

    private final KafkaRaftServer server;
    private final String bootstrapServers;
    private final String clusterId;
    private final int port;
    private final int controllerPort;
    private final Object adminLock = new Object();
    private Admin admin;
    private boolean closed;

    private EmbeddedKafka(KafkaRaftServer server, String clusterId, int port, int controllerPort) {
        this.server = server;
        this.clusterId = clusterId;
        this.port = port;
        this.controllerPort = controllerPort;
        this.bootstrapServers = HOST + ":" + port;
    }

    /**
     * Starts the broker. {@code port == 0} picks a free loopback port. If {@code dataDir} already holds a
     * formatted KRaft log (meta.properties), it is reused; otherwise it is formatted with a new cluster id.
     */
    public static EmbeddedKafka start(Path dataDir, int port) {
        long t0 = System.nanoTime();
        try {
            Path logDir = dataDir.toAbsolutePath().resolve("kraft-logs");
            Files.createDirectories(logDir);
            int brokerPort = port == 0 ? FreePorts.next() : port;
            int controllerPort = FreePorts.next();
            while (controllerPort == brokerPort) {
                controllerPort = FreePorts.next();
            }

            Properties props = brokerProperties(logDir, brokerPort, controllerPort);
            KafkaConfig config = new KafkaConfig(props, false);

            String clusterId = readClusterId(logDir);
            if (clusterId == null) {
                clusterId = Uuid.randomUuid().toString();
                format(logDir, clusterId);
                log.info("Formatted KRaft storage at {} with cluster id {}", logDir, clusterId);
            } else {
                log.info("Reusing KRaft storage at {} (cluster id {})", logDir, clusterId);
            }

            KafkaRaftServer server = new KafkaRaftServer(config, Time.SYSTEM);
            EmbeddedKafka kafka = new EmbeddedKafka(server, clusterId, brokerPort, controllerPort);
            try {
                server.startup();
                kafka.awaitReady();
            } catch (RuntimeException | Error e) {
                kafka.close();
                throw e;
            }
            log.info("Embedded Kafka started on {} in {} ms", kafka.bootstrapServers,
                    TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0));
            return kafka;
        } catch (IOException e) {
            throw new UncheckedIOException("Failed to start embedded Kafka in " + dataDir, e);
        } catch (Exception e) {
            if (e instanceof RuntimeException re) throw re;
            throw new IllegalStateException("Failed to start embedded Kafka in " + dataDir, e);
        }
    }

    public String bootstrapServers() {
        return bootstrapServers;
    }

    public String clusterId() {
        return clusterId;
    }

    public int port() {
        return port;
    }

    /** Creates missing topics and returns once every partition has a leader. */
    public void createTopics(Map<String, Integer> topicPartitions, Set<String> compacted) {
        KafkaTopics.create(admin(), topicPartitions, compacted);
    }

    @Override
    public void close() {
        synchronized (this) {
            if (closed) return;
            closed = true;
        }
        synchronized (adminLock) {
            if (admin != null) {
                try {
                    admin.close(Duration.ofSeconds(5));
                } catch (Exception e) {
                    log.debug("Ignoring error closing admin client", e);
                }
                admin = null;
            }
        }
        try {
            server.shutdown();
            server.awaitShutdown();
        } catch (Exception e) {
            log.warn("Error while shutting down embedded Kafka", e);
        }
        log.info("Embedded Kafka on {} stopped", bootstrapServers);
    }

    // ---------------------------------------------------------------------------------------------

    private static Properties brokerProperties(Path logDir, int brokerPort, int controllerPort) {
        Properties p = new Properties();
        p.put("process.roles", "broker,controller");
        p.put("node.id", String.valueOf(NODE_ID));
        p.put("controller.quorum.voters", NODE_ID + "@" + HOST + ":" + controllerPort);
        p.put("listeners", "PLAINTEXT://" + HOST + ":" + brokerPort + "," + CONTROLLER_LISTENER + "://" + HOST + ":" + controllerPort);
        p.put("advertised.listeners", "PLAINTEXT://" + HOST + ":" + brokerPort);
        p.put("controller.listener.names", CONTROLLER_LISTENER);
        p.put("inter.broker.listener.name", "PLAINTEXT");
        p.put("listener.security.protocol.map", "PLAINTEXT:PLAINTEXT," + CONTROLLER_LISTENER + ":PLAINTEXT");
        p.put("log.dirs", logDir.toString());
        p.put("metadata.log.dir", logDir.toString());

        // single-node friendly settings
        p.put("num.partitions", "3");
        p.put("default.replication.factor", "1");
        p.put("min.insync.replicas", "1");
        p.put("auto.create.topics.enable", "true");
        p.put("offsets.topic.replication.factor", "1");
        p.put("offsets.topic.num.partitions", "10");
        p.put("transaction.state.log.replication.factor", "1");
        p.put("transaction.state.log.min.isr", "1");
        p.put("transaction.state.log.num.partitions", "10");
        p.put("share.coordinator.state.topic.replication.factor", "1");
        p.put("share.coordinator.state.topic.min.isr", "1");
        p.put("group.initial.rebalance.delay.ms", "0");

        // keep the footprint small for a dev/test process
        p.put("num.network.threads", "2");
        p.put("num.io.threads", "4");
        p.put("background.threads", "4");
        p.put("num.recovery.threads.per.data.dir", "1");
        p.put("log.cleaner.threads", "1");
        p.put("log.cleaner.dedupe.buffer.size", String.valueOf(8 * 1024 * 1024));
        p.put("log.segment.bytes", String.valueOf(64 * 1024 * 1024));
        p.put("controlled.shutdown.enable", "true");
        return p;
    }

    private static void format(Path logDir, String clusterId) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (PrintStream ps = new PrintStream(out, true, StandardCharsets.UTF_8)) {
            new Formatter()
                    .setPrintStream(ps)
                    .setNodeId(NODE_ID)
                    .setClusterId(clusterId)
                    .setControllerListenerName(CONTROLLER_LISTENER)
                    .setMetadataLogDirectory(logDir.toString())
                    .setDirectories(List.of(logDir.toString()))
                    .setIgnoreFormatted(true)
                    // transactions v2 (KIP-890) made the exactly-once producers of a fresh single-node
                    // cluster fail their first appends with out-of-order sequences; v1 is the proven protocol
                    .setFeatureLevel("transaction.version", (short) 1)
                    .run();
        }
        log.debug("Formatter output: {}", out.toString(StandardCharsets.UTF_8).trim());
    }

    /** Returns the cluster id from meta.properties, or null if the directory is not formatted. */
    private static String readClusterId(Path logDir) throws IOException {
        Path meta = logDir.resolve("meta.properties");
        if (!Files.isRegularFile(meta)) return null;
        Properties p = new Properties();
        try (InputStream in = Files.newInputStream(meta)) {
            p.load(in);
        }
        String id = p.getProperty("cluster.id");
        if (id == null || id.isBlank()) {
            throw new IllegalStateException(meta + " exists but has no cluster.id; delete " + logDir + " to reformat");
        }
        return id.trim();
    }

    private void awaitReady() throws Exception {
        long deadline = System.nanoTime() + STARTUP_TIMEOUT.toNanos();
        Exception last = null;
        while (System.nanoTime() < deadline) {
            try {
                var nodes = admin().describeCluster().nodes().get(5, TimeUnit.SECONDS);
                if (!nodes.isEmpty()) return;
            } catch (ExecutionException | TimeoutException e) {
                last = e;
            }
            Thread.sleep(50);
        }
        throw new IllegalStateException("Embedded Kafka did not become ready within " + STARTUP_TIMEOUT, last);
    }

    private Admin admin() {
        synchronized (adminLock) {
            if (closed) throw new IllegalStateException("EmbeddedKafka is closed");
            if (admin == null) {
                Properties p = new Properties();
                p.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
                p.put(AdminClientConfig.CLIENT_ID_CONFIG, "embedded-kafka-admin");
                p.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, "10000");
                p.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, "15000");
                admin = Admin.create(p);
            }
            return admin;
        }
    }

    @Override
    public String toString() {
        return "EmbeddedKafka[" + bootstrapServers + ", controller=" + HOST + ":" + controllerPort + ", cluster=" + clusterId + "]";
    }
}
