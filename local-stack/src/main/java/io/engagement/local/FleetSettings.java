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
 */
public record FleetSettings(
        Path repository,
        String kafkaBootstrap,
        String mongoUri,
        int gatewayPort,
        String adminToken,
        String internalSecret,
        Path logDirectory,
        List<String> javaOptions) {

    /** Small heaps and the serial collector: five services fit a laptop. */
    public static final List<String> DEFAULT_JAVA_OPTIONS = List.of(
            "-Xms32m", "-Xmx256m", "-XX:+UseSerialGC", "-Xss512k", "-XX:ReservedCodeCacheSize=64m",
            "-XX:MaxMetaspaceSize=160m", "-XX:+ExitOnOutOfMemoryError");
}
