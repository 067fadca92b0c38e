package io.engagement.local;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/**
 * Creates the demo organization through the admin API, as any administrator would, and funds
 * its SMS wallet so SMS can be tried at once.
 */
final class DemoOrganization {

    /** SMS credit units of the demo wallet: one segment to one recipient each. */
    static final int DEMO_SMS_CREDIT = 1_000;
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private DemoOrganization() {
    }

    static Credentials create(URI gateway, String adminToken) {
        JsonNode created = admin(gateway, adminToken, "/admin/v1/organizations", "{\"name\": \"Demo\"}", 201);
        long organizationId = created.get("organization_id").asLong();
        admin(gateway, adminToken, "/admin/v1/organizations/" + organizationId + "/wallet",
                "{\"amount\": " + DEMO_SMS_CREDIT + "}", 200);
        return new Credentials(organizationId, created.get("api_key").asString(),
                created.get("transactional_key").asString(), created.get("public_key").asString(), adminToken,
                null, null, null, null, null);
    }

    private static JsonNode admin(URI gateway, String adminToken, String path, String json, int expected) {
        HttpRequest request = HttpRequest.newBuilder(gateway.resolve(path))
                .timeout(Duration.ofSeconds(30))
                .header("Content-Type", "application/json")
                .header("X-Admin-Token", adminToken)
                .POST(HttpRequest.BodyPublishers.ofString(json))
                .build();
        try {
            HttpResponse<String> response = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build()
                    .send(request, HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() != expected) {
                throw new IllegalStateException("POST " + path + " answered " + response.statusCode() + ": " + response.body());
            }
            return JSON.readTree(response.body());
        } catch (IOException e) {
            throw new IllegalStateException("cannot reach the gateway at " + gateway, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }
}
