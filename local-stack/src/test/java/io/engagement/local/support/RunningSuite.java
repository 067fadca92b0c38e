package io.engagement.local.support;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import io.engagement.infra.FreePorts;
import io.engagement.infra.inbox.DevInbox;
import io.engagement.infra.inbox.EmbeddedSmsc;
import io.engagement.infra.inbox.EmbeddedSmtp;
import io.engagement.local.FleetSettings;
import io.engagement.local.ServiceFleet;
import io.engagement.platform.event.Topics;
import io.engagement.testkit.Infrastructure;
import io.engagement.testkit.SharedInfrastructure;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Stream;

/**
 * The five services, started once per test JVM from their runnable jars against the shared real
 * Kafka broker and MongoDB server, with two organizations to tell data apart. The messaging
 * service delivers to an embedded SMTP server and SMSC of this JVM: tests read what arrived from
 * {@link #smtp} and {@link #smsc} (or over HTTP from {@link #inbox}), and stop and start
 * {@link #smtp} to take the mail server away. The fault tests run in a JVM of their own, where the
 * suite has {@link #breakable() a broker and a database of its own} and several replicas of the
 * services that consume.
 */
public final class RunningSuite {

    public static final String ADMIN_TOKEN = "admin-" + UUID.randomUUID();
    public static final String INTERNAL_SECRET = UUID.randomUUID() + "-" + UUID.randomUUID();
    public static final String SMPP_SYSTEM_ID = "engagement";
    /**
     * What one organization may ingest per second before the rest goes to the overflow topic: low, so
     * the tests that send several large batches at once have some of them counted through it.
     */
    public static final int FAIR_SHARE = 1000;

    /** Signs the WhatsApp webhooks the tests send, as Meta signs them with an app's secret. */
    public static final String WHATSAPP_APP_SECRET = "whatsapp-" + UUID.randomUUID();
    /** What Meta's subscription handshake must name. */
    public static final String WHATSAPP_VERIFY_TOKEN = "verify-" + UUID.randomUUID();

    /** SMPP allows at most 8 characters. */
    public static final String SMPP_PASSWORD = UUID.randomUUID().toString().substring(0, 8);

    /**
     * Delivery retries back off from 200 ms, so a message that fails every attempt fails within seconds;
     * alert deliveries are retried after a second or two instead of the production schedule's 5 s to 10 h.
     */
    private static final List<String> JAVA_OPTIONS = Stream.concat(FleetSettings.QUICK_START_JAVA_OPTIONS.stream(),
            Stream.of("-Dengagement.ingest.fair-share.events-per-second=" + FAIR_SHARE,
                    "-Dengagement.messaging.delivery.first-backoff=200", "-Dengagement.messaging.delivery.max-backoff=1000",
                    "-Dengagement.alert.delivery.retry-delays=1s,1s,2s,2s,2s,2s,2s,2s",
                    // an agent's reply unread for 2 s is e-mailed, instead of after 2 minutes
                    "-Dengagement.conversation.unread-after=2s", "-Dengagement.conversation.sweep-every=500ms",
                    "-Dengagement.whatsapp.verify-token=" + WHATSAPP_VERIFY_TOKEN,
                    // a billing page left without a following page view is judged abandoned after 2 s instead of 30 s
                    "-Dengagement.alert.triggers.abandonment-wait=2s",
                    // a reminder interval of one "minute" lasts a second, looked for every 250 ms
                    "-Dengagement.messaging.reminders.interval-unit=1s", "-Dengagement.messaging.reminders.sweep-interval=250ms",
                    "-Dmanagement.endpoints.web.exposure.include=health,info,prometheus,bindings,processing",
                    // the raw-event archive logs each event it archives, so a test can follow a trace into it
                    "-Dlogging.level.io.engagement.analytics.archive=DEBUG")).toList();

    /** A machine busy with other builds starts the five JVMs slowly: {@code -Dengagement.suite.start-timeout=PT8M}. */
    private static final Duration START_TIMEOUT = Duration.parse(System.getProperty("engagement.suite.start-timeout", "PT5M"));

    private static final String BREAKABLE_PROPERTY = "engagement.suite.breakable";
    private static final String REPLICAS_PROPERTY = "engagement.suite.replicas";

    private static RunningSuite instance;
    private static RuntimeException startFailure;

    public final Infrastructure infrastructure;
    private final BreakableInfrastructure breakable;
    public final EmbeddedSmtp smtp;
    public final EmbeddedSmsc smsc;
    public final DevInbox inbox;
    public final ServiceFleet fleet;
    public final Organization acme;
    public final Organization globex;
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(5)).build();

    private MongoClient mongo;

    private RunningSuite(Infrastructure infrastructure, BreakableInfrastructure breakable, EmbeddedSmtp smtp, EmbeddedSmsc smsc,
                         DevInbox inbox, ServiceFleet fleet) {
        this.infrastructure = infrastructure;
        this.breakable = breakable;
        this.smtp = smtp;
        this.smsc = smsc;
        this.inbox = inbox;
        this.fleet = fleet;
        this.acme = createOrganization("Acme");
        this.globex = createOrganization("Globex");
    }

    public static synchronized RunningSuite get() {
        // a suite that could not start is not started again by every later test beside the first one's processes
        if (startFailure != null) {
            throw new IllegalStateException("the suite could not start", startFailure);
        }
        if (instance == null) {
            try {
                instance = start();
            } catch (RuntimeException failure) {
                startFailure = failure;
                throw failure;
            }
        }
        return instance;
    }

    /**
     * One client of the suite's database for the tests that look at what a service stored, closed
     * when the JVM stops.
     */
    public synchronized MongoClient mongo() {
        if (mongo == null) {
            MongoClient client = MongoClients.create(infrastructure.mongoUri());
            Runtime.getRuntime().addShutdownHook(new Thread(client::close, "suite-database-client-stop"));
            mongo = client;
        }
        return mongo;
    }

    private static RunningSuite start() {
        BreakableInfrastructure breakable = Boolean.getBoolean(BREAKABLE_PROPERTY) ? BreakableInfrastructure.start() : null;
        Infrastructure infrastructure = breakable != null ? breakable.infrastructure() : SharedInfrastructure.get();
        if (breakable != null) {
            breakable.kafka().createTopics(Topics.ALL, Topics.COMPACTED);
        } else {
            SharedInfrastructure.createTopics(Topics.ALL, Topics.COMPACTED);
        }
        EmbeddedSmtp smtp = EmbeddedSmtp.start(0);
        EmbeddedSmsc smsc = EmbeddedSmsc.start(0, SMPP_SYSTEM_ID, SMPP_PASSWORD);
        DevInbox inbox = DevInbox.start(0, smtp, smsc);
        int gatewayPort = FreePorts.next();
        inbox.forwardWhatsAppInbound(URI.create("http://localhost:" + gatewayPort + "/webhooks/whatsapp"), WHATSAPP_APP_SECRET);
        ServiceFleet fleet = new ServiceFleet(new FleetSettings(repository(), infrastructure.kafkaBootstrapServers(),
                infrastructure.mongoUri(), gatewayPort, ADMIN_TOKEN, INTERNAL_SECRET,
                freshDirectory("suite-run").resolve("logs"), JAVA_OPTIONS,
                FleetSettings.Delivery.embedded(smtp.port(), smsc.port(), SMPP_SYSTEM_ID, SMPP_PASSWORD, inbox.whatsAppBaseUrl(),
                        WHATSAPP_APP_SECRET), replicas()));
        // the services first, so the messaging service does not see its mail server and SMSC go away
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            fleet.close();
            inbox.close();
            smsc.close();
            smtp.close();
        }, "suite-stop"));
        fleet.startAll();
        fleet.awaitHealthy(START_TIMEOUT);
        return new RunningSuite(infrastructure, breakable, smtp, smsc, inbox, fleet);
    }

    /** {@code -Dengagement.suite.replicas=collection-analytics-service=2,messaging-service=2}; one of each by default. */
    private static Map<String, Integer> replicas() {
        Map<String, Integer> replicas = new HashMap<>();
        for (String entry : System.getProperty(REPLICAS_PROPERTY, "").split(",")) {
            if (!entry.isBlank()) {
                String[] moduleAndCount = entry.trim().split("=");
                replicas.put(moduleAndCount[0], Integer.parseInt(moduleAndCount[1]));
            }
        }
        return replicas;
    }

    /** The broker and database the fault tests take away; only with {@code -Dengagement.suite.breakable=true}. */
    public BreakableInfrastructure breakable() {
        if (breakable == null) {
            throw new IllegalStateException("this suite runs on shared infrastructure; fault tests need -D" + BREAKABLE_PROPERTY + "=true");
        }
        return breakable;
    }

    /** A new directory per run: state the services keep beside their logs belongs to this run's broker only. */
    private static Path freshDirectory(String prefix) {
        try {
            Path target = Path.of("target").toAbsolutePath();
            Files.createDirectories(target);
            return Files.createTempDirectory(target, prefix + "-");
        } catch (IOException failure) {
            throw new UncheckedIOException(failure);
        }
    }

    public URI gateway() {
        return fleet.gatewayUri();
    }

    public Answer get(String path, String... headers) {
        return send(HttpRequest.newBuilder(gateway().resolve(path)).GET(), headers);
    }

    public Answer post(String path, String json, String... headers) {
        return send(HttpRequest.newBuilder(gateway().resolve(path))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(json)), headers);
    }

    public Answer put(String path, String json, String... headers) {
        return send(HttpRequest.newBuilder(gateway().resolve(path))
                .header("Content-Type", "application/json")
                .PUT(HttpRequest.BodyPublishers.ofString(json)), headers);
    }

    public Answer delete(String path, String... headers) {
        return send(HttpRequest.newBuilder(gateway().resolve(path)).DELETE(), headers);
    }

    public Answer send(HttpRequest.Builder request, String... headers) {
        if (headers.length > 0) {
            request.headers(headers);
        }
        try {
            return Answer.of(http.send(request.timeout(Duration.ofSeconds(30)).build(), HttpResponse.BodyHandlers.ofString()));
        } catch (IOException e) {
            throw new IllegalStateException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    public Answer admin(String method, String path, String json) {
        HttpRequest.Builder request = HttpRequest.newBuilder(gateway().resolve(path))
                .header("Content-Type", "application/json")
                .method(method, json == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(json));
        return send(request, "X-Admin-Token", ADMIN_TOKEN);
    }

    public Organization createOrganization(String name) {
        Answer created = admin("POST", "/admin/v1/organizations", "{\"name\": \"" + name + "\"}");
        if (created.status() != 201) {
            throw new IllegalStateException("cannot create " + name + ": " + created.body());
        }
        return new Organization(created.json().get("organization_id").asLong(), created.json().get("api_key").asString(),
                created.json().get("transactional_key").asString(), created.json().get("public_key").asString());
    }

    private static Path repository() {
        return Path.of(System.getProperty("engagement.repository", "..")).toAbsolutePath().normalize();
    }

    public record Organization(long id, String apiKey, String transactionalKey, String publicKey) {
    }
}
