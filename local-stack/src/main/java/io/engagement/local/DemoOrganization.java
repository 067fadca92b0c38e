package io.engagement.local;

import io.engagement.infra.inbox.EmbeddedSmtp;
import io.engagement.infra.inbox.ReceivedMail;
import io.engagement.platform.auth.Secrets;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Creates the demo organization through the admin API, as any administrator would, funds its SMS
 * wallet so SMS can be tried at once, and gives it the admin who signs in to the console.
 */
final class DemoOrganization {

    /** SMS credit units of the demo wallet: one segment to one recipient each. */
    static final int DEMO_SMS_CREDIT = 1_000;
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final Pattern JOIN_LINK = Pattern.compile("#/join\\?token=([A-Za-z0-9_-]+)");
    private static final Duration INVITATION_PATIENCE = Duration.ofSeconds(60);
    /** 24 random bytes: 32 characters of URL-safe base64. */
    private static final int CONSOLE_PASSWORD_BYTES = 24;

    private DemoOrganization() {
    }

    static Credentials create(URI gateway, String adminToken) {
        JsonNode created = admin(gateway, adminToken, "/admin/v1/organizations", "{\"name\": \"Demo\"}", 201);
        long organizationId = created.get("organization_id").asLong();
        admin(gateway, adminToken, "/admin/v1/organizations/" + organizationId + "/wallet",
                "{\"amount\": " + DEMO_SMS_CREDIT + "}", 200);
        return new Credentials(organizationId, created.get("api_key").asString(),
                created.get("transactional_key").asString(), created.get("public_key").asString(), adminToken,
                null, null, null, null, null, null, null);
    }

    /**
     * Makes {@code email} the organization's admin as a new installation would: the operator invites
     * it, the invitation reaches the dev inbox through the messaging service, and the link is accepted
     * with a new random password, which is answered.
     */
    static String consoleAdmin(URI gateway, String adminToken, long organizationId, String email, EmbeddedSmtp smtp) {
        admin(gateway, adminToken, "/admin/v1/organizations/" + organizationId + "/people",
                "{\"email\": \"" + email + "\", \"name\": \"Demo Admin\", \"role\": \"admin\"}", 201);
        String token = joinToken(smtp, email);
        String password = Secrets.random("", CONSOLE_PASSWORD_BYTES);
        post(gateway, "/auth/v1/invitations/accept", Map.of(),
                "{\"token\": \"" + token + "\", \"password\": \"" + password + "\"}", 200);
        return password;
    }

    private static String joinToken(EmbeddedSmtp smtp, String email) {
        Instant deadline = Instant.now().plus(INVITATION_PATIENCE);
        while (Instant.now().isBefore(deadline)) {
            for (ReceivedMail mail : smtp.received()) {
                Matcher link = JOIN_LINK.matcher(mail.text());
                if (mail.to().stream().anyMatch(to -> to.address().equalsIgnoreCase(email)) && link.find()) {
                    return link.group(1);
                }
            }
            try {
                Thread.sleep(200);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted", e);
            }
        }
        throw new IllegalStateException("the console admin's invitation did not reach the dev inbox within " + INVITATION_PATIENCE);
    }

    private static JsonNode admin(URI gateway, String adminToken, String path, String json, int expected) {
        return post(gateway, path, Map.of("X-Admin-Token", adminToken), json, expected);
    }

    private static JsonNode post(URI gateway, String path, Map<String, String> headers, String json, int expected) {
        HttpRequest.Builder builder = HttpRequest.newBuilder(gateway.resolve(path))
                .timeout(Duration.ofSeconds(30))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(json));
        headers.forEach(builder::header);
        HttpRequest request = builder.build();
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
