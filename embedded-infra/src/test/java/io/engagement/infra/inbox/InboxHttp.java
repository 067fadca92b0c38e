package io.engagement.infra.inbox;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/** A client of the dev inbox for the tests: every answer is JSON. */
final class InboxHttp {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final URI base;

    InboxHttp(DevInbox inbox) {
        this.base = URI.create("http://127.0.0.1:" + inbox.port());
    }

    Reply get(String path) {
        return send(HttpRequest.newBuilder(base.resolve(path)).GET());
    }

    Reply delete(String path) {
        return send(HttpRequest.newBuilder(base.resolve(path)).DELETE());
    }

    Reply send(HttpRequest.Builder request) {
        try {
            HttpResponse<String> response = http.send(request.timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofString());
            return new Reply(response.statusCode(), response.headers().firstValue("Content-Type").orElse(""),
                    JSON.readTree(response.body()));
        } catch (IOException e) {
            throw new IllegalStateException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    record Reply(int status, String contentType, JsonNode json) {
    }
}
