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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The five services as child processes wired to one Kafka broker and one MongoDB server:
 * started together, stopped together, each on its own port with its own database.
 */
public final class ServiceFleet implements AutoCloseable {

    public static final String GATEWAY = "gateway-service";
    public static final String CUSTOMER = "customer-service";
    public static final String ANALYTICS = "collection-analytics-service";
    public static final String MESSAGING = "messaging-service";
    public static final String ALERT = "alert-service";

    private static final Duration POLL = Duration.ofMillis(250);

    private final Map<String, ServiceProcess> services = new LinkedHashMap<>();
    private final FleetSettings settings;
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(2)).build();

    public ServiceFleet(FleetSettings settings) {
        this.settings = settings;
        Map<String, Integer> ports = new LinkedHashMap<>();
        for (String backend : List.of(CUSTOMER, ANALYTICS, MESSAGING, ALERT)) {
            ports.put(backend, FreePorts.next());
        }
        ports.forEach((module, port) -> services.put(module, new ServiceProcess(module, port, environmentOf(module, port, ports), settings)));
        Map<String, String> gateway = new LinkedHashMap<>(common(settings.gatewayPort()));
        gateway.put("ENGAGEMENT_ADMIN_TOKEN", settings.adminToken());
        gateway.put("ENGAGEMENT_SERVICES_CUSTOMER", local(ports.get(CUSTOMER)));
        gateway.put("ENGAGEMENT_SERVICES_ANALYTICS", local(ports.get(ANALYTICS)));
        gateway.put("ENGAGEMENT_SERVICES_MESSAGING", local(ports.get(MESSAGING)));
        gateway.put("ENGAGEMENT_SERVICES_ALERT", local(ports.get(ALERT)));
        services.put(GATEWAY, new ServiceProcess(GATEWAY, settings.gatewayPort(), gateway, settings));
    }

    public void startAll() {
        services.values().forEach(ServiceProcess::start);
    }

    public void start(String module) {
        service(module).start();
    }

    public void stop(String module) {
        service(module).stop();
    }

    public URI gatewayUri() {
        return URI.create(local(settings.gatewayPort()));
    }

    /** Where a service writes what it logs. */
    public Path logFileOf(String module) {
        return service(module).logFile();
    }

    public URI uriOf(String module) {
        return URI.create(local(service(module).port()));
    }

    /** Waits until the gateway reports every service up; fails early if a service has exited. */
    public void awaitHealthy(Duration timeout) {
        Instant deadline = Instant.now().plus(timeout);
        while (Instant.now().isBefore(deadline)) {
            services.values().stream().filter(service -> !service.isRunning()).findFirst().ifPresent(dead -> {
                throw new IllegalStateException(dead.module() + " exited during start-up; see " + dead.logFile()
                        + System.lineSeparator() + tail(dead));
            });
            if (isHealthy()) {
                return;
            }
            sleep(POLL);
        }
        throw new IllegalStateException("the stack was not healthy within " + timeout + "; logs in " + settings.logDirectory());
    }

    public boolean isHealthy() {
        try {
            HttpRequest request = HttpRequest.newBuilder(gatewayUri().resolve("/actuator/health"))
                    .timeout(Duration.ofSeconds(5)).GET().build();
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
        return services.values().stream().map(ServiceProcess::pid).filter(Objects::nonNull).toList();
    }

    @Override
    public void close() {
        // the gateway first, so no request reaches a service that is going away
        List<ServiceProcess> order = new ArrayList<>(services.values());
        Collections.reverse(order);
        order.parallelStream().forEach(ServiceProcess::stop);
    }

    private Map<String, String> environmentOf(String module, int port, Map<String, Integer> ports) {
        Map<String, String> environment = common(port);
        if (module.equals(ANALYTICS)) {
            // the activity stores survive restarts of the stack instead of being rebuilt from their changelogs
            environment.put("ENGAGEMENT_ANALYTICS_ACTIVITY_STATE_DIR", settings.logDirectory().resolveSibling("activity-state").toString());
        }
        if (module.equals(MESSAGING)) {
            FleetSettings.Delivery delivery = settings.delivery();
            environment.put("SPRING_MAIL_HOST", delivery.smtpHost());
            environment.put("SPRING_MAIL_PORT", Integer.toString(delivery.smtpPort()));
            environment.put("ENGAGEMENT_MESSAGING_SMPP_HOST", delivery.smppHost());
            environment.put("ENGAGEMENT_MESSAGING_SMPP_PORT", Integer.toString(delivery.smppPort()));
            environment.put("ENGAGEMENT_MESSAGING_SMPP_SYSTEM_ID", delivery.smppSystemId());
            environment.put("ENGAGEMENT_MESSAGING_SMPP_PASSWORD", delivery.smppPassword());
        }
        if (module.equals(ALERT)) {
            // alert mail goes straight to the messaging service; webhooks of the local stack go to local receivers
            environment.put("ENGAGEMENT_ALERT_MESSAGING_URI", local(ports.get(MESSAGING)));
            environment.put("ENGAGEMENT_ALERT_TARGETS_ALLOW_LOOPBACK", "true");
            environment.put("ENGAGEMENT_ALERT_DETECTION_STATE_DIR", settings.logDirectory().resolveSibling("alert-state").toString());
        }
        return environment;
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

    private ServiceProcess service(String module) {
        ServiceProcess service = services.get(module);
        if (service == null) {
            throw new IllegalArgumentException("no service " + module);
        }
        return service;
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
