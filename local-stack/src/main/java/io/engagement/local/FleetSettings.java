package io.engagement.local;

import java.nio.file.Path;
import java.util.List;

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
        Delivery delivery) {

    /** Small heaps and the serial collector: five services fit a laptop. */
    public static final List<String> DEFAULT_JAVA_OPTIONS = List.of(
            "-Xms32m", "-Xmx256m", "-XX:+UseSerialGC", "-Xss512k", "-XX:ReservedCodeCacheSize=64m",
            "-XX:MaxMetaspaceSize=160m", "-XX:+ExitOnOutOfMemoryError");

    /**
     * The mail server and the SMS centre (SMPP) the messaging service delivers to: the embedded ones
     * of the local stack and the system tests, a provider's in production.
     */
    public record Delivery(String smtpHost, int smtpPort, String smppHost, int smppPort, String smppSystemId,
                           String smppPassword) {

        /** The embedded SMTP server and SMSC, both on the loopback interface. */
        public static Delivery embedded(int smtpPort, int smppPort, String smppSystemId, String smppPassword) {
            return new Delivery("127.0.0.1", smtpPort, "127.0.0.1", smppPort, smppSystemId, smppPassword);
        }
    }
}
