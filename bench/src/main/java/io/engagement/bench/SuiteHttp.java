package io.engagement.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/** Calls through the gateway with the demo organization's data key, as a client would. */
final class SuiteHttp {

    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();
    private final URI gateway;
    private final String apiKey;

    SuiteHttp(URI gateway, String apiKey) {
        this.gateway = gateway;
        this.apiKey = apiKey;
    }

    HttpResponse<String> get(String path) {
        return send(HttpRequest.newBuilder(gateway.resolve(path)).header("x-api-key", apiKey).GET());
    }

    HttpResponse<String> post(String path, String json) {
        return send(HttpRequest.newBuilder(gateway.resolve(path)).header("x-api-key", apiKey)
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
}
