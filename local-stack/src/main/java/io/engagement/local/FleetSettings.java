package io.engagement.local;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * What the services of one stack share.
 *
 * @param repository     the repository root, where each service's runnable jar is built
 * @param kafkaBootstrap the broker every service talks to
 * @param mongoUri       the database server; each service uses its own database on it
 * @param gatewayPort    where the gateway listens; the services take free ports
 * @param adminToken     the admin API's token
 * @param internalSecret the secret the gateway signs internal tokens with
 * @param logDirectory   where each service writes {@code <service>.log}
 * @param javaOptions    JVM options for every service
 * @param delivery       where the messaging service sends mail and SMS
 * @param replicas       how many replicas of a service to run, by module; one where not named
 */
public record FleetSettings(
        Path repository,
        String kafkaBootstrap,
        String mongoUri,
        int gatewayPort,
        String adminToken,
        String internalSecret,
        Path logDirectory,
        List<String> javaOptions,
        Delivery delivery,
        Map<String, Integer> replicas) {

    public FleetSettings {
        replicas = Map.copyOf(replicas);
        replicas.forEach((module, count) -> {
            if (count < 1) {
                throw new IllegalArgumentException(module + " needs at least one replica, not " + count);
            }
        });
    }

    /** One replica of every service. */
    public FleetSettings(Path repository, String kafkaBootstrap, String mongoUri, int gatewayPort, String adminToken,
                         String internalSecret, Path logDirectory, List<String> javaOptions, Delivery delivery) {
        this(repository, kafkaBootstrap, mongoUri, gatewayPort, adminToken, internalSecret, logDirectory, javaOptions, delivery,
                Map.of());
    }

    public FleetSettings withReplicas(Map<String, Integer> counts) {
        return new FleetSettings(repository, kafkaBootstrap, mongoUri, gatewayPort, adminToken, internalSecret, logDirectory,
                javaOptions, delivery, counts);
    }

    public int replicasOf(String module) {
        return replicas.getOrDefault(module, 1);
    }

    /** The serial collector and small code and metadata areas: five services fit a laptop. Heaps: {@link #heapOf}. */
    public static final List<String> DEFAULT_JAVA_OPTIONS = List.of(
            "-XX:+UseSerialGC", "-Xss512k", "-XX:ReservedCodeCacheSize=64m",
            "-XX:MaxMetaspaceSize=160m", "-XX:+ExitOnOutOfMemoryError");

    /**
     * Compiles with the quick compiler only: a fleet starts about a third sooner on two cores, and
     * runs its code more slowly once warm. For fleets started often and briefly (the system tests),
     * not for the local stack a user or a benchmark runs.
     */
    public static final String QUICK_START_OPTION = "-XX:TieredStopAtLevel=1";

    /** The default options with {@link #QUICK_START_OPTION}. */
    public static final List<String> QUICK_START_JAVA_OPTIONS =
            Stream.concat(DEFAULT_JAVA_OPTIONS.stream(), Stream.of(QUICK_START_OPTION)).toList();

    /**
     * Each service's heap, given before the JVM options so that a heap size there wins. The
     * analytics service holds a Kafka Streams topology, four consumers and its sketch cache: in
     * 256 MB it spent a tenth of ingest in full collections of 100 ms and more. The young
     * generations are fixed: the serial collector sizes them as a third of a heap it grows only
     * when full, and a young generation of a few dozen megabytes, collected several times a second
     * under a steady stream, promotes the records and requests still in flight, which then fill
     * the old generation and cost a full collection every few seconds.
     */
    public static List<String> heapOf(String module) {
        return switch (module) {
            case ServiceFleet.ANALYTICS -> List.of("-Xms512m", "-Xmx512m", "-Xmn256m");
            case ServiceFleet.ALERT -> List.of("-Xms320m", "-Xmx320m", "-Xmn160m");
            // every live connection is held by both (the gateway proxies it): 2,000 of them and 200 messages
            // a second cost the gateway two full collections of 400 ms in 20 s at 256 MB, and the customer
            // service young collections of 150-400 ms at a 64 MB young generation
            case ServiceFleet.GATEWAY -> List.of("-Xms384m", "-Xmx384m", "-Xmn160m");
            case ServiceFleet.CUSTOMER -> List.of("-Xms320m", "-Xmx320m", "-Xmn128m");
            default -> List.of("-Xms128m", "-Xmx256m", "-Xmn64m");
        };
    }

    /**
     * The mail server, the SMS centre (SMPP) and the WhatsApp Cloud API-compatible provider the
     * messaging service delivers to: the embedded ones of the local stack and the system tests (the
     * dev inbox stands in for WhatsApp), a provider's in production. {@code whatsAppAppSecret} signs
     * the WhatsApp webhooks the customer service takes.
     */
    public record Delivery(String smtpHost, int smtpPort, String smppHost, int smppPort, String smppSystemId,
                           String smppPassword, String whatsAppBaseUrl, String whatsAppAppSecret) {

        /** The embedded SMTP server and SMSC, both on the loopback interface, and the dev inbox's WhatsApp stand-in. */
        public static Delivery embedded(int smtpPort, int smppPort, String smppSystemId, String smppPassword, String whatsAppBaseUrl,
                                        String whatsAppAppSecret) {
            return new Delivery("127.0.0.1", smtpPort, "127.0.0.1", smppPort, smppSystemId, smppPassword, whatsAppBaseUrl,
                    whatsAppAppSecret);
        }
    }
}
