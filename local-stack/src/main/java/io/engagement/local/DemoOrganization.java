package io.engagement.local;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/** Creates the demo organization through the admin API, as any administrator would. */
final class DemoOrganization {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private DemoOrganization() {
    }

    static Credentials create(URI gateway, String adminToken) {
        HttpRequest request = HttpRequest.newBuilder(gateway.resolve("/admin/v1/organizations"))
                .timeout(Duration.ofSeconds(30))
                .header("Content-Type", "application/json")
                .header("X-Admin-Token", adminToken)
                .POST(HttpRequest.BodyPublishers.ofString("{\"name\": \"Demo\"}"))
                .build();
        try {
            HttpResponse<String> response = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build().send(request, HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() != 201) {
                throw new IllegalStateException("creating the demo organization answered " + response.statusCode() + ": " + response.body());
            }
            JsonNode created = JSON.readTree(response.body());
            return new Credentials(created.get("organization_id").asLong(), created.get("api_key").asString(),
                    created.get("transactional_key").asString(), created.get("public_key").asString(), adminToken,
                    null, null, null, null);
        } catch (IOException e) {
            throw new IllegalStateException("cannot reach the gateway at " + gateway, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }
}
