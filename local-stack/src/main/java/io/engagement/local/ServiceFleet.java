package io.engagement.local;

import io.engagement.infra.FreePorts;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.IntFunction;

/**
 * The five services as child processes wired to one Kafka broker and one MongoDB server: started
 * together, stopped together, each replica on its own port, each service with its own database. A
 * service may run as several replicas ({@link FleetSettings#replicas}); the gateway balances over
 * them, and the first gateway listens on the stack's port.
 */
public final class ServiceFleet implements AutoCloseable {

    public static final String GATEWAY = "gateway-service";
    public static final String CUSTOMER = "customer-service";
    public static final String ANALYTICS = "collection-analytics-service";
    public static final String MESSAGING = "messaging-service";
    public static final String ALERT = "alert-service";

    /** The backends, as the gateway names them in {@code ENGAGEMENT_SERVICES_<NAME>}. */
    private static final Map<String, String> BACKENDS = orderedMap(
            CUSTOMER, "CUSTOMER", ANALYTICS, "ANALYTICS", MESSAGING, "MESSAGING", ALERT, "ALERT");
    private static final Duration POLL = Duration.ofMillis(250);

    private final Map<String, List<ServiceProcess>> services = new LinkedHashMap<>();
    private final FleetSettings settings;
    private final Set<Integer> takenPorts = new HashSet<>();
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(2)).build();

    public ServiceFleet(FleetSettings settings) {
        this.settings = settings;
        takenPorts.add(settings.gatewayPort());
        Map<String, List<Integer>> ports = new LinkedHashMap<>();
        for (String backend : BACKENDS.keySet()) {
            ports.put(backend, freePorts(settings.replicasOf(backend)));
        }
        ports.forEach((module, replicaPorts) -> services.put(module, replicas(module, replicaPorts,
                replica -> environmentOf(module, replica, replicaPorts.get(replica - 1), ports))));
        List<Integer> gatewayPorts = new ArrayList<>(List.of(settings.gatewayPort()));
        gatewayPorts.addAll(freePorts(settings.replicasOf(GATEWAY) - 1));
        services.put(GATEWAY, replicas(GATEWAY, gatewayPorts, replica -> gatewayEnvironment(gatewayPorts.get(replica - 1), ports)));
    }

    public void startAll() {
        services.values().forEach(replicas -> replicas.forEach(ServiceProcess::start));
    }

    /** Starts every replica of {@code module} that is not running. */
    public void start(String module) {
        replicasOf(module).forEach(ServiceProcess::start);
    }

    /** Stops every replica of {@code module}, each gracefully. */
    public void stop(String module) {
        replicasOf(module).forEach(ServiceProcess::stop);
    }

    /** Starts replica {@code replica} (1 is the first) of {@code module} if it is not running. */
    public void start(String module, int replica) {
        replica(module, replica).start();
    }

    /** Kills replica {@code replica} (1 is the first) of {@code module} outright, as a crash or an OOM kill would. */
    public void kill(String module, int replica) {
        replica(module, replica).kill();
    }

    /** What the services trust the gateway by: for tools that call a service straight, as the gateway does. */
    public String internalTokenSecret() {
        return settings.internalSecret();
    }

    public URI gatewayUri() {
        return URI.create(local(settings.gatewayPort()));
    }

    /** Where a service's first replica writes what it logs. */
    public Path logFileOf(String module) {
        return replicasOf(module).get(0).logFile();
    }

    /** The first replica's address. */
    public URI uriOf(String module) {
        return urisOf(module).get(0);
    }

    /** Every replica's address, the first replica's first. */
    public List<URI> urisOf(String module) {
        return replicasOf(module).stream().map(replica -> URI.create(local(replica.port()))).toList();
    }

    /**
     * Waits until every replica reports itself ready and the gateway reports every service up; fails
     * early if a replica has exited.
     */
    public void awaitHealthy(Duration timeout) {
        Instant deadline = Instant.now().plus(timeout);
        while (Instant.now().isBefore(deadline)) {
            all().stream().filter(service -> !service.isRunning()).findFirst().ifPresent(dead -> {
                throw new IllegalStateException(dead.name() + " exited during start-up; see " + dead.logFile()
                        + System.lineSeparator() + tail(dead));
            });
            if (all().stream().allMatch(this::isReady) && isHealthy()) {
                return;
            }
            sleep(POLL);
        }
        throw new IllegalStateException("the stack was not healthy within " + timeout + "; logs in " + settings.logDirectory());
    }

    public boolean isHealthy() {
        return answersOk(gatewayUri().resolve("/actuator/health"));
    }

    private boolean isReady(ServiceProcess replica) {
        return answersOk(URI.create(local(replica.port())).resolve("/actuator/health/readiness"));
    }

    private boolean answersOk(URI probe) {
        try {
            HttpRequest request = HttpRequest.newBuilder(probe).timeout(Duration.ofSeconds(5)).GET().build();
            return http.send(request, HttpResponse.BodyHandlers.discarding()).statusCode() == 200;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** Process ids of the running services, for resource reports. */
    public List<Long> pids() {
        return all().stream().map(ServiceProcess::pid).filter(Objects::nonNull).toList();
    }

    /**
     * Process ids of the running replicas by replica name ({@code collection-analytics-service},
     * {@code collection-analytics-service-2}, ...), in start order: for resource reports per service.
     */
    public Map<String, Long> pidsByName() {
        Map<String, Long> pids = new LinkedHashMap<>();
        all().forEach(replica -> {
            Long pid = replica.pid();
            if (pid != null) {
                pids.put(replica.name(), pid);
            }
        });
        return pids;
    }

    /**
     * The gateway first, so no request reaches a service that is going away; then every other replica
     * at once, each on a thread of its own. A graceful stop takes seconds, and a JVM that stops the
     * stack from a shutdown hook may be killed before it is done (a test JVM after 30 s), leaving
     * services running without their broker.
     */
    @Override
    public void close() {
        replicasOf(GATEWAY).forEach(ServiceProcess::stop);
        List<Thread> stopping = all().stream()
                .map(replica -> new Thread(replica::stop, "stop-" + replica.name()))
                .toList();
        stopping.forEach(Thread::start);
        for (Thread thread : stopping) {
            try {
                thread.join();
            } catch (InterruptedException interrupted) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    private Map<String, String> gatewayEnvironment(int port, Map<String, List<Integer>> ports) {
        Map<String, String> gateway = common(port);
        gateway.put("ENGAGEMENT_ADMIN_TOKEN", settings.adminToken());
        // the links of account e-mail (invitations, password resets) point at the stack's gateway
        gateway.put("ENGAGEMENT_PEOPLE_PUBLIC_URL", local(settings.gatewayPort()));
        // an OpenID provider tried on the same machine
        gateway.put("ENGAGEMENT_SSO_ALLOW_LOOPBACK", "true");
        BACKENDS.forEach((module, name) -> gateway.put("ENGAGEMENT_SERVICES_" + name, String.join(",",
                ports.get(module).stream().map(ServiceFleet::local).toList())));
        return gateway;
    }

    private Map<String, String> environmentOf(String module, int replica, int port, Map<String, List<Integer>> ports) {
        Map<String, String> environment = common(port);
        // state a replica keeps on disk is its own: Kafka Streams locks its state directory
        String suffix = replica == 1 ? "" : "-" + replica;
        if (module.equals(ANALYTICS)) {
            // the activity stores survive restarts of the stack instead of being rebuilt from their changelogs
            environment.put("ENGAGEMENT_ANALYTICS_ACTIVITY_STATE_DIR", stateDirectory("activity-state" + suffix));
        }
        if (module.equals(CUSTOMER)) {
            // the bot may read websites served on this machine, as local alert webhooks are delivered
            environment.put("ENGAGEMENT_BOT_ALLOW_LOOPBACK", "true");
            // a reply in a WhatsApp conversation is sent, and paid for, by the messaging service
            environment.put("ENGAGEMENT_SERVICES_MESSAGING", String.join(",", ports.get(MESSAGING).stream().map(ServiceFleet::local).toList()));
            environment.put("ENGAGEMENT_WHATSAPP_APP_SECRET", settings.delivery().whatsAppAppSecret());
        }
        if (module.equals(MESSAGING)) {
            FleetSettings.Delivery delivery = settings.delivery();
            environment.put("SPRING_MAIL_HOST", delivery.smtpHost());
            environment.put("SPRING_MAIL_PORT", Integer.toString(delivery.smtpPort()));
            environment.put("ENGAGEMENT_MESSAGING_SMPP_HOST", delivery.smppHost());
            environment.put("ENGAGEMENT_MESSAGING_SMPP_PORT", Integer.toString(delivery.smppPort()));
            environment.put("ENGAGEMENT_MESSAGING_SMPP_SYSTEM_ID", delivery.smppSystemId());
            environment.put("ENGAGEMENT_MESSAGING_SMPP_PASSWORD", delivery.smppPassword());
            environment.put("ENGAGEMENT_MESSAGING_WHATSAPP_BASE_URL", delivery.whatsAppBaseUrl());
        }
        if (module.equals(ALERT)) {
            // webhooks of the local stack go to local receivers
            environment.put("ENGAGEMENT_ALERT_TARGETS_ALLOW_LOOPBACK", "true");
            environment.put("ENGAGEMENT_ALERT_DETECTION_STATE_DIR", stateDirectory("alert-state" + suffix));
            environment.put("ENGAGEMENT_ALERT_TRIGGERS_STATE_DIR", stateDirectory("alert-trigger-state" + suffix));
        }
        return environment;
    }

    private String stateDirectory(String name) {
        return settings.logDirectory().resolveSibling(name).toString();
    }

    private Map<String, String> common(int port) {
        Map<String, String> environment = new LinkedHashMap<>();
        environment.put("SERVER_PORT", Integer.toString(port));
        environment.put("SPRING_MONGODB_URI", settings.mongoUri());
        environment.put("SPRING_KAFKA_BOOTSTRAP_SERVERS", settings.kafkaBootstrap());
        environment.put("ENGAGEMENT_INTERNAL_TOKEN_SECRET", settings.internalSecret());
        environment.put("ENGAGEMENT_PARENT_PID", Long.toString(ProcessHandle.current().pid()));
        return environment;
    }

    private List<ServiceProcess> replicasOf(String module) {
        List<ServiceProcess> replicas = services.get(module);
        if (replicas == null) {
            throw new IllegalArgumentException("no service " + module);
        }
        return replicas;
    }

    private ServiceProcess replica(String module, int replica) {
        List<ServiceProcess> replicas = replicasOf(module);
        if (replica < 1 || replica > replicas.size()) {
            throw new IllegalArgumentException(module + " has " + replicas.size() + " replicas, not a replica " + replica);
        }
        return replicas.get(replica - 1);
    }

    private List<ServiceProcess> all() {
        return services.values().stream().flatMap(List::stream).toList();
    }

    private List<ServiceProcess> replicas(String module, List<Integer> ports, IntFunction<Map<String, String>> environment) {
        List<ServiceProcess> replicas = new ArrayList<>();
        for (int replica = 1; replica <= ports.size(); replica++) {
            String name = replica == 1 ? module : module + "-" + replica;
            replicas.add(new ServiceProcess(module, name, ports.get(replica - 1), environment.apply(replica), settings));
        }
        return List.copyOf(replicas);
    }

    /** Ports free now and not yet given to another replica of this fleet. */
    private List<Integer> freePorts(int count) {
        List<Integer> ports = new ArrayList<>();
        while (ports.size() < count) {
            int port = FreePorts.next();
            if (takenPorts.add(port)) {
                ports.add(port);
            }
        }
        return ports;
    }

    private static Map<String, String> orderedMap(String... keysAndValues) {
        Map<String, String> map = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            map.put(keysAndValues[i], keysAndValues[i + 1]);
        }
        return Collections.unmodifiableMap(map);
    }

    private static String local(int port) {
        return "http://127.0.0.1:" + port;
    }

    private static String tail(ServiceProcess service) {
        try {
            List<String> lines = Files.readAllLines(service.logFile());
            return String.join(System.lineSeparator(), lines.subList(Math.max(0, lines.size() - 40), lines.size()));
        } catch (IOException e) {
            return "";
        }
    }

    private static void sleep(Duration duration) {
        try {
            Thread.sleep(duration.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }
}
