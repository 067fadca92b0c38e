package io.engagement.local;

import io.engagement.infra.EmbeddedKafka;
import io.engagement.infra.EmbeddedMongo;
import io.engagement.platform.event.Topics;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Files;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.Base64;
import java.util.Map;
import java.util.concurrent.CountDownLatch;

/**
 * The embedded default: a real Kafka broker (KRaft) and a MongoDB wire-protocol server in this
 * process, with data under {@code ENGAGEMENT_HOME}, and the five services as child processes.
 * Runs in the foreground; Ctrl-C stops everything.
 */
public final class LocalStack implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(LocalStack.class);
    private static final Duration START_TIMEOUT = Duration.ofMinutes(3);
    private static final SecureRandom RANDOM = new SecureRandom();

    private final StackSettings settings;
    private EmbeddedMongo mongo;
    private EmbeddedKafka kafka;
    private ServiceFleet fleet;

    private LocalStack(StackSettings settings) {
        this.settings = settings;
    }

    /** A stack configured by {@code ENGAGEMENT_*} variables, as {@code ./run.sh} documents them. */
    public static LocalStack fromEnvironment(Map<String, String> environment) {
        return new LocalStack(StackSettings.fromEnvironment(environment));
    }

    public static void main(String[] args) throws Exception {
        LocalStack stack = fromEnvironment(System.getenv());
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            System.out.println("Stopping the Engagement Suite ...");
            stack.close();
            stopped.countDown();
        }, "local-stack-stop"));
        try {
            Credentials credentials = stack.start();
            System.out.println(banner(credentials, stack.settings));
        } catch (RuntimeException failure) {
            log.error("The Engagement Suite could not start: {}", failure.getMessage());
            System.exit(1);
        }
        stopped.await();
    }

    /** Starts everything and answers once the gateway reports every service up. */
    public Credentials start() throws IOException {
        long started = System.nanoTime();
        Files.createDirectories(settings.home());
        mongo = EmbeddedMongo.persistent(settings.home().resolve("mongodb").resolve("engagement.mv"), settings.mongoPort());
        kafka = EmbeddedKafka.start(settings.home().resolve("kafka"), settings.kafkaPort());
        kafka.createTopics(Topics.ALL);

        Credentials existing = Credentials.read(settings.home()).orElse(null);
        String adminToken = existing == null ? secret() : existing.adminToken();
        fleet = new ServiceFleet(new FleetSettings(settings.repository(), kafka.bootstrapServers(), mongo.connectionString(),
                settings.gatewayPort(), adminToken, secret(), settings.home().resolve("logs"), settings.javaOptions()));
        fleet.startAll();
        fleet.awaitHealthy(START_TIMEOUT);

        Credentials credentials = (existing != null ? existing : DemoOrganization.create(fleet.gatewayUri(), adminToken))
                .at("http://localhost:" + settings.gatewayPort(), "http://localhost:" + settings.inboxPort(),
                        kafka.bootstrapServers(), mongo.connectionString());
        credentials.write(settings.home());
        log.info("The Engagement Suite is up in {} s", Duration.ofNanos(System.nanoTime() - started).toMillis() / 1000.0);
        return credentials;
    }

    public ServiceFleet fleet() {
        return fleet;
    }

    @Override
    public void close() {
        if (fleet != null) {
            fleet.close();
        }
        if (kafka != null) {
            kafka.close();
        }
        if (mongo != null) {
            mongo.close();
        }
    }

    private static String secret() {
        byte[] bytes = new byte[32];
        RANDOM.nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    private static String banner(Credentials credentials, StackSettings settings) {
        return """

                The Engagement Suite is running. Ctrl-C stops it.

                %s

                Saved in %s (service logs in %s)

                Try:
                  curl -H 'x-api-key: %s' %s/external/v1/customers
                """.formatted(credentials.toJson(), settings.home().resolve(Credentials.FILE),
                settings.home().resolve("logs"), credentials.apiKey(), credentials.gatewayUrl());
    }
}
