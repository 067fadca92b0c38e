package io.engagement.gateway;

import io.engagement.platform.event.Topics;
import io.engagement.testkit.Infrastructure;
import io.engagement.testkit.SharedInfrastructure;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/**
 * Gateway replicas in this JVM, each a whole application context on a port of its own, sharing
 * one database and the test broker as replicas of a deployment do. No service runs behind them:
 * a request a replica lets through ends in the route's fallback (503).
 */
public final class GatewayReplicas implements AutoCloseable {

    public static final String ADMIN_TOKEN = "admin-" + UUID.randomUUID();
    /** Nothing listens there: the discard port. */
    private static final String NO_SERVICE = "http://127.0.0.1:9";

    private final List<ConfigurableApplicationContext> contexts;
    private final ObjectMapper json = new ObjectMapper();
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(5)).build();

    private GatewayReplicas(List<ConfigurableApplicationContext> contexts) {
        this.contexts = contexts;
    }

    /** {@code count} replicas; {@code properties} add to or replace the test's settings. */
    public static GatewayReplicas start(int count, Map<String, Object> properties) {
        Infrastructure infrastructure = SharedInfrastructure.get();
        SharedInfrastructure.createTopics(Map.of(Topics.KEY, Topics.ALL.get(Topics.KEY), Topics.ACCOUNT_EMAIL, Topics.ALL.get(Topics.ACCOUNT_EMAIL)), Set.of(Topics.KEY));
        Map<String, Object> settings = new HashMap<>();
        settings.put("server.port", 0);
        settings.put("spring.mongodb.uri", infrastructure.mongoUri());
        settings.put("spring.mongodb.database", "gateway_" + UUID.randomUUID().toString().replace("-", ""));
        settings.put("spring.kafka.bootstrap-servers", infrastructure.kafkaBootstrapServers());
        settings.put("engagement.admin.token", ADMIN_TOKEN);
        settings.put("engagement.internal-token.secret", UUID.randomUUID() + "-" + UUID.randomUUID());
        for (String service : List.of("customer", "analytics", "messaging", "alert")) {
            settings.put("engagement.services." + service, NO_SERVICE);
        }
        settings.putAll(properties);
        // as arguments, so they win over application.yml as the environment does in production
        String[] arguments = settings.entrySet().stream().map(setting -> "--" + setting.getKey() + "=" + setting.getValue()).toArray(String[]::new);
        List<ConfigurableApplicationContext> contexts = new ArrayList<>();
        for (int replica = 0; replica < count; replica++) {
            contexts.add(new SpringApplicationBuilder(GatewayApplication.class).run(arguments));
        }
        return new GatewayReplicas(contexts);
    }

    public ConfigurableApplicationContext context(int replica) {
        return contexts.get(replica);
    }

    public URI uri(int replica) {
        return URI.create("http://127.0.0.1:" + ((WebServerApplicationContext) contexts.get(replica)).getWebServer().getPort());
    }

    /** A new organization, created through replica 0; its data key and that key's id. */
    public Organization createOrganization(String name) {
        JsonNode created = json.readTree(admin(0, "POST", "/admin/v1/organizations", "{\"name\": \"" + name + "\"}").body());
        long organizationId = created.get("organization_id").asLong();
        JsonNode keys = json.readTree(admin(0, "GET", "/admin/v1/organizations/" + organizationId + "/keys", null).body());
        long dataKeyId = 0;
        for (JsonNode key : keys) {
            if (key.get("kind").asString().equals("data")) {
                dataKeyId = key.get("key_id").asLong();
            }
        }
        return new Organization(organizationId, created.get("api_key").asString(), dataKeyId);
    }

    public HttpResponse<String> admin(int replica, String method, String path, String body) {
        HttpRequest.Builder request = HttpRequest.newBuilder(uri(replica).resolve(path))
                .header("X-Admin-Token", ADMIN_TOKEN)
                .header("Content-Type", "application/json")
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        return send(request);
    }

    /** A data-API read with {@code apiKey}, through {@code replica}. */
    public HttpResponse<String> withKey(int replica, String apiKey) {
        return send(HttpRequest.newBuilder(uri(replica).resolve("/external/v1/customers")).header("x-api-key", apiKey).GET());
    }

    public HttpResponse<String> send(HttpRequest.Builder request) {
        try {
            return http.send(request.timeout(Duration.ofSeconds(30)).build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new IllegalStateException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    @Override
    public void close() {
        contexts.forEach(ConfigurableApplicationContext::close);
    }

    public record Organization(long organizationId, String apiKey, long dataKeyId) {
    }
}
