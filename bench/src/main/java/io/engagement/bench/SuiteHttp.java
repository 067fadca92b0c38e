package io.engagement.bench;

import io.engagement.platform.auth.InternalToken;
import io.engagement.platform.auth.KeyKind;
import io.engagement.platform.auth.OrgContext;
import io.engagement.platform.auth.ReusedTokens;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Clock;
import java.time.Duration;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Calls through the gateway with the demo organization's data key, as a client would, or straight
 * to one service with an internal token, as the gateway does.
 */
final class SuiteHttp {

    private static final Pattern ORGANIZATION_ID = Pattern.compile("\"organization_id\"\\s*:\\s*(\\d+)");
    private static final Pattern API_KEY = Pattern.compile("\"api_key\"\\s*:\\s*\"([^\"]+)\"");

    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();
    private final URI gateway;
    private final String credentialHeader;
    private final Supplier<String> credential;

    SuiteHttp(URI gateway, String apiKey) {
        this(gateway, "x-api-key", () -> apiKey);
    }

    private SuiteHttp(URI base, String credentialHeader, Supplier<String> credential) {
        this.gateway = base;
        this.credentialHeader = credentialHeader;
        this.credential = credential;
    }

    /** Straight to a service at {@code service}, with the internal token the gateway would send for this organization. */
    static SuiteHttp straightTo(URI service, String internalTokenSecret, long organizationId) {
        ReusedTokens tokens = new ReusedTokens(new InternalToken(internalTokenSecret, Duration.ofSeconds(60), Clock.systemUTC()));
        OrgContext organization = new OrgContext(organizationId, KeyKind.DATA);
        return new SuiteHttp(service, InternalToken.HEADER, () -> tokens.tokenFor(organization));
    }

    /** The same gateway, called with another organization's data key. */
    SuiteHttp as(String otherApiKey) {
        return new SuiteHttp(gateway, otherApiKey);
    }

    /** Creates an organization through the admin API. */
    Organization createOrganization(String adminToken, String name) {
        HttpResponse<String> created = expect(send(HttpRequest.newBuilder(gateway.resolve("/admin/v1/organizations"))
                .header("X-Admin-Token", adminToken).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"name\":\"" + name + "\"}"))), 201);
        Matcher id = ORGANIZATION_ID.matcher(created.body());
        Matcher key = API_KEY.matcher(created.body());
        if (!id.find() || !key.find()) {
            throw new IllegalStateException("no organization id or data key in " + created.body());
        }
        return new Organization(Long.parseLong(id.group(1)), key.group(1));
    }

    HttpResponse<String> get(String path) {
        return send(HttpRequest.newBuilder(gateway.resolve(path)).header(credentialHeader, credential.get()).GET());
    }

    HttpResponse<String> post(String path, String json) {
        return send(HttpRequest.newBuilder(gateway.resolve(path)).header(credentialHeader, credential.get())
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(json)));
    }

    static HttpResponse<String> expect(HttpResponse<String> response, int status) {
        if (response.statusCode() != status) {
            String body = response.body();
            throw new IllegalStateException(response.request().method() + " " + response.request().uri() + " answered "
                    + response.statusCode() + " instead of " + status + ": "
                    + (body.length() > 500 ? body.substring(0, 500) + "..." : body));
        }
        return response;
    }

    private HttpResponse<String> send(HttpRequest.Builder request) {
        try {
            return http.send(request.timeout(Duration.ofSeconds(60)).build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    record Organization(long id, String apiKey) {
    }
}
