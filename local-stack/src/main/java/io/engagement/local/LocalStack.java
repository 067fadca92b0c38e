package io.engagement.local;

import io.engagement.infra.EmbeddedKafka;
import io.engagement.infra.EmbeddedMongo;
import io.engagement.infra.inbox.DevInbox;
import io.engagement.infra.inbox.EmbeddedSmsc;
import io.engagement.infra.inbox.EmbeddedSmtp;
import io.engagement.platform.event.Topics;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.Base64;
import java.util.Map;
import java.util.concurrent.CountDownLatch;

/**
 * The embedded default: a real Kafka broker (KRaft) and a MongoDB wire-protocol server in this
 * process, with data under {@code ENGAGEMENT_HOME}, an SMTP server and an SMSC that keep what the
 * suite sends for the dev inbox to show, and the five services as child processes.
 * Runs in the foreground; Ctrl-C stops everything.
 */
public final class LocalStack implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(LocalStack.class);
    private static final Duration START_TIMEOUT = Duration.ofMinutes(3);
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final String SMPP_SYSTEM_ID = "engagement";
    private static final String PASSWORD_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

    private final StackSettings settings;
    private EmbeddedMongo mongo;
    private EmbeddedKafka kafka;
    private EmbeddedSmtp smtp;
    private EmbeddedSmsc smsc;
    private DevInbox inbox;
    private FleetSettings.Delivery delivery;
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
            System.out.println(stack.banner(credentials));
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
        kafka.createTopics(Topics.ALL, Topics.COMPACTED);

        String smppPassword = smppPassword();
        smtp = EmbeddedSmtp.start(settings.smtpPort());
        smsc = EmbeddedSmsc.start(settings.smscPort(), SMPP_SYSTEM_ID, smppPassword);
        inbox = DevInbox.start(settings.inboxPort(), smtp, smsc);

        Credentials existing = Credentials.read(settings.home()).orElse(null);
        String adminToken = existing == null ? secret() : existing.adminToken();
        // a stack started before WhatsApp conversations existed has no app secret yet
        String whatsAppSecret = existing == null || existing.whatsappAppSecret() == null ? secret() : existing.whatsappAppSecret();
        delivery = FleetSettings.Delivery.embedded(smtp.port(), smsc.port(), SMPP_SYSTEM_ID, smppPassword, inbox.whatsAppBaseUrl(),
                whatsAppSecret);
        inbox.forwardWhatsAppInbound(URI.create("http://localhost:" + settings.gatewayPort() + "/webhooks/whatsapp"), whatsAppSecret);
        fleet = new ServiceFleet(new FleetSettings(settings.repository(), kafka.bootstrapServers(), mongo.connectionString(),
                settings.gatewayPort(), adminToken, secret(), settings.home().resolve("logs"), settings.javaOptions(),
                delivery, settings.replicas()));
        fleet.startAll();
        fleet.awaitHealthy(START_TIMEOUT);

        Credentials organization = existing != null ? existing : DemoOrganization.create(fleet.gatewayUri(), adminToken);
        // a stack started before people existed has no console admin yet
        if (organization.consoleEmail() == null) {
            String email = settings.consoleEmail();
            organization = organization.withConsole(email,
                    DemoOrganization.consoleAdmin(fleet.gatewayUri(), adminToken, organization.organizationId(), email, smtp));
        }
        Credentials credentials = organization
                .at("http://localhost:" + settings.gatewayPort(), "http://localhost:" + inbox.port(),
                        kafka.bootstrapServers(), mongo.connectionString(), whatsAppSecret);
        credentials.write(settings.home());
        log.info("The Engagement Suite is up in {} s", Duration.ofNanos(System.nanoTime() - started).toMillis() / 1000.0);
        return credentials;
    }

    public ServiceFleet fleet() {
        return fleet;
    }

    /** Where the services deliver mail and SMS, with the SMSC's credentials of this start. */
    public FleetSettings.Delivery delivery() {
        return delivery;
    }

    @Override
    public void close() {
        if (fleet != null) {
            fleet.close();
        }
        if (inbox != null) {
            inbox.close();
        }
        if (smsc != null) {
            smsc.close();
        }
        if (smtp != null) {
            smtp.close();
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

    /** SMPP allows at most 8 characters; a new one each start, since the services start with the stack. */
    private static String smppPassword() {
        StringBuilder password = new StringBuilder(8);
        for (int i = 0; i < 8; i++) {
            password.append(PASSWORD_ALPHABET.charAt(RANDOM.nextInt(PASSWORD_ALPHABET.length())));
        }
        return password.toString();
    }

    private String banner(Credentials credentials) {
        return """

                The Engagement Suite is running. Ctrl-C stops it.

                %s

                Saved in %s (service logs in %s)

                Try:
                  curl -H 'x-api-key: %s' %s/external/v1/customers

                The console: %s/console/ (sign in as %s with the console_password above), or with curl:
                  curl -c cookies -H 'Content-Type: application/json' -d '{"email": "%s", "password": "<console_password>"}' %s/auth/v1/sign-in
                  curl -b cookies %s/auth/v1/me

                Mail, SMS and WhatsApp messages the suite sends stay here (SMTP on port %d, SMPP on port %d):
                  curl %s/api/v1/messages
                  curl %s/api/v1/sms
                  curl %s/api/v1/whatsapp

                A WhatsApp user writing to the number connected with PUT /external/v1/settings/whatsapp:
                  curl -d '{"from": "+15550001111", "to": "<the connected number>", "text": "Hello"}' %s/api/v1/whatsapp/inbound
                """.formatted(credentials.toJson(), settings.home().resolve(Credentials.FILE),
                settings.home().resolve("logs"), credentials.apiKey(), credentials.gatewayUrl(),
                credentials.gatewayUrl(), credentials.consoleEmail(), credentials.consoleEmail(), credentials.gatewayUrl(), credentials.gatewayUrl(),
                smtp.port(), smsc.port(), credentials.inboxUrl(), credentials.inboxUrl(), credentials.inboxUrl(), credentials.inboxUrl());
    }
}
