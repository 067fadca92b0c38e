package io.engagement.local;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The local stack's settings, from environment variables with defaults that work on a laptop.
 * The embedded Kafka and MongoDB ports stay clear of a real Kafka (9092) or MongoDB (27017), the
 * SMTP port of the privileged 25 and of a local mail catcher's 1025; the SMSC takes SMPP's own 2775.
 */
record StackSettings(Path home, Path repository, int gatewayPort, int inboxPort, int kafkaPort, int mongoPort,
                     int smtpPort, int smscPort, List<String> javaOptions, Map<String, Integer> replicas, String consoleEmail) {

    /** {@code ENGAGEMENT_REPLICAS_<NAME>}: how many replicas of each service the stack runs. */
    private static final Map<String, String> REPLICA_VARIABLES = Map.of(
            "ENGAGEMENT_REPLICAS_GATEWAY", ServiceFleet.GATEWAY,
            "ENGAGEMENT_REPLICAS_CUSTOMER", ServiceFleet.CUSTOMER,
            "ENGAGEMENT_REPLICAS_ANALYTICS", ServiceFleet.ANALYTICS,
            "ENGAGEMENT_REPLICAS_MESSAGING", ServiceFleet.MESSAGING,
            "ENGAGEMENT_REPLICAS_ALERT", ServiceFleet.ALERT);

    static StackSettings fromEnvironment(Map<String, String> env) {
        Path home = Path.of(env.getOrDefault("ENGAGEMENT_HOME", ".engagement")).toAbsolutePath().normalize();
        Path repository = Path.of(env.getOrDefault("ENGAGEMENT_REPOSITORY", ".")).toAbsolutePath().normalize();
        String javaOptions = env.get("ENGAGEMENT_SERVICE_JAVA_OPTS");
        return new StackSettings(home, repository,
                port(env, "ENGAGEMENT_PORT", 8080),
                port(env, "ENGAGEMENT_INBOX_PORT", 8025),
                port(env, "ENGAGEMENT_KAFKA_PORT", 29092),
                port(env, "ENGAGEMENT_MONGO_PORT", 37017),
                port(env, "ENGAGEMENT_SMTP_PORT", 2525),
                port(env, "ENGAGEMENT_SMSC_PORT", 2775),
                javaOptions == null || javaOptions.isBlank()
                        ? FleetSettings.DEFAULT_JAVA_OPTIONS
                        : Arrays.asList(javaOptions.trim().split("\\s+")),
                replicas(env),
                env.getOrDefault("ENGAGEMENT_CONSOLE_EMAIL", "admin@example.com"));
    }

    private static Map<String, Integer> replicas(Map<String, String> env) {
        Map<String, Integer> replicas = new HashMap<>();
        REPLICA_VARIABLES.forEach((variable, module) -> {
            String value = env.get(variable);
            if (value != null && !value.isBlank()) {
                replicas.put(module, count(variable, value.trim()));
            }
        });
        return Map.copyOf(replicas);
    }

    private static int count(String name, String value) {
        try {
            int count = Integer.parseInt(value);
            if (count >= 1) {
                return count;
            }
        } catch (NumberFormatException e) {
            // answered below, as for a count below one
        }
        throw new IllegalArgumentException(name + " must be a number of replicas of at least 1, not '" + value + "'");
    }

    private static int port(Map<String, String> env, String name, int defaultPort) {
        String value = env.get(name);
        try {
            return value == null || value.isBlank() ? defaultPort : Integer.parseInt(value.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + " must be a port number, not '" + value + "'");
        }
    }
}
