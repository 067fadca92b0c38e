package io.engagement.gateway.routing;

import com.sun.net.httpserver.HttpServer;
import io.engagement.gateway.GatewayApplication;
import io.engagement.testkit.SharedInfrastructure;
import io.engagement.testkit.WithInfrastructure;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The gateway in front of two replicas of a service: it balances over both, and when one stops it
 * sends every request to the other, none refused, and takes it back once it answers its readiness
 * probe again. The replicas are small HTTP servers that say which one answered.
 */
@WithInfrastructure
class ReplicaBalancingIT {

    private static final String ADMIN_TOKEN = "admin-" + UUID.randomUUID();
    private static final int BURST = 60;
    private static final Pattern API_KEY = Pattern.compile("\"api_key\"\\s*:\\s*\"([^\"]+)\"");

    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    private final List<HttpServer> replicas = new ArrayList<>();
    private ConfigurableApplicationContext gateway;
    private URI gatewayUri;
    private String apiKey;

    @BeforeEach
    void start() throws Exception {
        replicas.add(replica("first", 0));
        replicas.add(replica("second", 0));
        String customers = replicas.stream().map(replica -> "http://127.0.0.1:" + replica.getAddress().getPort())
                .collect(Collectors.joining(","));
        gateway = new SpringApplicationBuilder(GatewayApplication.class).run(
                "--server.port=0",
                "--spring.mongodb.uri=" + SharedInfrastructure.get().mongoUri(),
                // the gateway declares its key topic at start: without a broker that waits out a 30 s timeout
                "--spring.kafka.bootstrap-servers=" + SharedInfrastructure.get().kafkaBootstrapServers(),
                "--spring.mongodb.database=gateway_replicas_" + UUID.randomUUID().toString().replace("-", ""),
                "--engagement.admin.token=" + ADMIN_TOKEN,
                "--engagement.internal-token.secret=" + UUID.randomUUID() + UUID.randomUUID(),
                "--engagement.services.customer=" + customers,
                "--engagement.services.analytics=http://127.0.0.1:9", "--engagement.services.messaging=http://127.0.0.1:9",
                "--engagement.services.alert=http://127.0.0.1:9");
        gatewayUri = URI.create("http://127.0.0.1:" + gateway.getEnvironment().getProperty("local.server.port"));
        String created = send(HttpRequest.newBuilder(gatewayUri.resolve("/admin/v1/organizations"))
                .header("X-Admin-Token", ADMIN_TOKEN).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"name\": \"Replicas\"}"))).body();
        Matcher key = API_KEY.matcher(created);
        assertThat(key.find()).as(created).isTrue();
        apiKey = key.group(1);
    }

    @AfterEach
    void stop() {
        if (gateway != null) {
            gateway.close();
        }
        replicas.forEach(replica -> replica.stop(0));
    }

    @Test
    void requestsAreBalancedOverTheReplicasAndAStoppedOneIsSkippedWithoutARefusal() {
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertThat(answers(20)).containsOnlyKeys("200 first", "200 second"));

        int secondPort = replicas.get(1).getAddress().getPort();
        replicas.get(1).stop(0);
        // at once, before any probe has noticed: a refused connection goes to the other replica
        assertThat(answers(20)).isEqualTo(Map.of("200 first", 20L));

        replicas.set(1, replica("second again", secondPort));
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertThat(answers(20)).containsKey("200 second again"));
    }

    /**
     * A burst of slow calls, more at once than a default bulkhead admits (25), is forwarded in full:
     * concurrency alone is no failure of the service and must not open its circuit breaker.
     */
    @Test
    void aBurstOfConcurrentSlowCallsIsForwardedInFull() {
        List<CompletableFuture<HttpResponse<String>>> burst = IntStream.range(0, BURST).mapToObj(i -> http.sendAsync(
                HttpRequest.newBuilder(gatewayUri.resolve("/external/v1/customers/slow")).header("x-api-key", apiKey)
                        .timeout(Duration.ofSeconds(20)).GET().build(), HttpResponse.BodyHandlers.ofString())).toList();

        assertThat(burst.stream().map(CompletableFuture::join).map(HttpResponse::statusCode).toList())
                .isEqualTo(Collections.nCopies(BURST, 200));
    }

    /** Outcomes of {@code count} requests: status and the replica that answered, counted. */
    private Map<String, Long> answers(int count) {
        return IntStream.range(0, count).mapToObj(i -> send(HttpRequest.newBuilder(gatewayUri.resolve("/external/v1/customers"))
                        .header("x-api-key", apiKey).GET()))
                .map(response -> response.statusCode() + " " + response.body())
                .collect(Collectors.groupingBy(Function.identity(), Collectors.counting()));
    }

    private HttpResponse<String> send(HttpRequest.Builder request) {
        try {
            return http.send(request.timeout(Duration.ofSeconds(20)).build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** A replica that is always ready and answers every other path with its name, half a second late under {@code /slow}. */
    private static HttpServer replica(String name, int port) {
        try {
            HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 50);
            server.setExecutor(Executors.newCachedThreadPool());
            server.createContext("/", exchange -> {
                if (exchange.getRequestURI().getPath().endsWith("/slow")) {
                    pause(Duration.ofMillis(500));
                }
                byte[] body = (exchange.getRequestURI().getPath().startsWith("/actuator/health") ? "{\"status\":\"UP\"}" : name)
                        .getBytes(StandardCharsets.UTF_8);
                exchange.sendResponseHeaders(200, body.length);
                exchange.getResponseBody().write(body);
                exchange.close();
            });
            server.start();
            return server;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void pause(Duration duration) {
        try {
            Thread.sleep(duration.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
