package io.engagement.bench;

import ch.qos.logback.classic.Level;
import io.engagement.infra.FreePorts;
import io.engagement.local.Credentials;
import io.engagement.local.FleetSettings;
import io.engagement.local.LocalStack;
import io.engagement.local.ServiceFleet;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The suite exactly as {@code ./run.sh} starts it, with its data in a temporary directory of its
 * own and every port picked free. Closing it (also on Ctrl-C) stops everything and removes the
 * directory unless {@code -Dbench.keep=true}.
 */
final class BenchSuite implements AutoCloseable {

    private static final String PROCESSING_EXPOSED = "-Dmanagement.endpoints.web.exposure.include=health,info,prometheus,bindings,processing";

    private final Path home;
    private final LocalStack stack;
    private final int smtpPort;
    private final Thread onCtrlC = new Thread(this::stop, "bench-stop");
    private Credentials credentials;
    private boolean stopped;

    private BenchSuite(Path home, LocalStack stack, int smtpPort) {
        this.home = home;
        this.stack = stack;
        this.smtpPort = smtpPort;
    }

    static BenchSuite start() throws IOException {
        return start(Map.of());
    }

    /** {@code settings}: more of {@code ./run.sh}'s variables, e.g. {@code ENGAGEMENT_REPLICAS_ANALYTICS=2}. */
    static BenchSuite start(Map<String, String> settings) throws IOException {
        return start(settings, List.of());
    }

    /** {@code serviceOptions}: JVM options every service gets beside the usual ones, e.g. a property. */
    static BenchSuite start(Map<String, String> settings, List<String> serviceOptions) throws IOException {
        quiet("org.mongodb.driver", "org.apache.kafka", "kafka");
        Path repository = Path.of(System.getProperty("engagement.repository", ".")).toAbsolutePath().normalize();
        Path home = Files.createTempDirectory("engagement-bench-");
        System.out.printf("Starting the suite: %d cores, data in %s%n", Runtime.getRuntime().availableProcessors(), home);
        int smtpPort = FreePorts.next();
        Map<String, String> environment = new HashMap<>(Map.of(
                "ENGAGEMENT_HOME", home.toString(),
                "ENGAGEMENT_REPOSITORY", repository.toString(),
                "ENGAGEMENT_PORT", Integer.toString(FreePorts.next()),
                "ENGAGEMENT_KAFKA_PORT", Integer.toString(FreePorts.next()),
                "ENGAGEMENT_MONGO_PORT", Integer.toString(FreePorts.next()),
                "ENGAGEMENT_SMTP_PORT", Integer.toString(smtpPort),
                "ENGAGEMENT_SMSC_PORT", Integer.toString(FreePorts.next()),
                "ENGAGEMENT_INBOX_PORT", Integer.toString(FreePorts.next())));
        // the services' JVM options can be changed as for ./run.sh, e.g. to record a flight recording;
        // the analytics service's processing switch is exposed so a benchmark can measure ingest alone
        String javaOptions = Optional.ofNullable(System.getenv("ENGAGEMENT_SERVICE_JAVA_OPTS"))
                .orElse(String.join(" ", FleetSettings.DEFAULT_JAVA_OPTIONS));
        environment.put("ENGAGEMENT_SERVICE_JAVA_OPTS", javaOptions + " " + PROCESSING_EXPOSED + " " + String.join(" ", serviceOptions));
        environment.putAll(settings);
        BenchSuite suite = new BenchSuite(home, LocalStack.fromEnvironment(environment), smtpPort);
        // Ctrl-C stops the services, the broker and the database too
        Runtime.getRuntime().addShutdownHook(suite.onCtrlC);
        long starting = System.nanoTime();
        try {
            suite.credentials = suite.stack.start();
        } catch (RuntimeException | IOException failure) {
            suite.close();
            throw failure;
        }
        System.out.printf("Suite healthy in %.1f s (service logs in %s)%n", seconds(starting), home.resolve("logs"));
        return suite;
    }

    /** The embedded SMTP server the services deliver to. */
    int smtpPort() {
        return smtpPort;
    }

    /** The SMTP server and SMSC the services deliver to, with the SMSC's credentials. */
    FleetSettings.Delivery delivery() {
        return stack.delivery();
    }

    /**
     * Pauses or resumes the analytics service's stream processing through its actuator endpoint,
     * which is on the service itself, not behind the gateway.
     */
    void processing(boolean paused) {
        URI endpoint = stack.fleet().uriOf(ServiceFleet.ANALYTICS).resolve("/actuator/processing");
        HttpRequest request = HttpRequest.newBuilder(endpoint).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"paused\":" + paused + "}")).build();
        try {
            HttpResponse<String> answer = HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.ofString());
            if (answer.statusCode() != 200 || !answer.body().contains("\"paused\":" + paused)) {
                throw new IllegalStateException("processing could not be " + (paused ? "paused" : "resumed") + ": "
                        + answer.statusCode() + " " + answer.body());
            }
        } catch (IOException failure) {
            throw new UncheckedIOException(failure);
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", interrupted);
        }
    }

    /** The services' process ids by replica name, for CPU accounting and profiles. */
    Map<String, Long> servicePids() {
        return stack.fleet().pidsByName();
    }

    /** Where the first replica of {@code module} listens, past the gateway. */
    URI serviceUri(String module) {
        return stack.fleet().uriOf(module);
    }

    Credentials credentials() {
        return credentials;
    }

    SuiteHttp http() {
        return new SuiteHttp(URI.create(credentials.gatewayUrl()), credentials.apiKey());
    }

    /** Straight to the first replica of {@code module}, past the gateway, with the internal token it would send. */
    SuiteHttp straightTo(String module) {
        return SuiteHttp.straightTo(stack.fleet().uriOf(module), stack.fleet().internalTokenSecret(), credentials.organizationId());
    }

    @Override
    public void close() {
        stop();
        try {
            Runtime.getRuntime().removeShutdownHook(onCtrlC);
        } catch (IllegalStateException shuttingDown) {
            // already on the way out through the hook itself
        }
        if (!Boolean.getBoolean("bench.keep")) {
            delete(home);
        }
    }

    /** Safe to call twice: from the end of the run and from Ctrl-C. */
    private synchronized void stop() {
        if (stopped) {
            return;
        }
        stopped = true;
        long stopping = System.nanoTime();
        stack.close();
        System.out.printf("Stopped everything in %.1f s%n", seconds(stopping));
    }

    static double seconds(long startedNanos) {
        return (System.nanoTime() - startedNanos) / 1e9;
    }

    private static void quiet(String... loggers) {
        for (String name : loggers) {
            if (LoggerFactory.getLogger(name) instanceof ch.qos.logback.classic.Logger logger) {
                logger.setLevel(Level.WARN);
            }
        }
    }

    private static void delete(Path directory) {
        try (Stream<Path> paths = Files.walk(directory)) {
            paths.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
        } catch (IOException e) {
            System.out.println("Could not delete " + directory + ": " + e.getMessage());
        }
    }
}
