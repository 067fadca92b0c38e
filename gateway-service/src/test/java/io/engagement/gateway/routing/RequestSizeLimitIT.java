package io.engagement.gateway.routing;

import io.engagement.gateway.GatewayReplicas;
import io.engagement.testkit.WithInfrastructure;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The gateway refuses bodies over 1 MiB with 413, also when they come chunked without a length,
 * before forwarding them, and oversized headers with 431. No service runs behind this gateway: a
 * request it forwards ends in the route's fallback (503).
 */
@WithInfrastructure
class RequestSizeLimitIT {

    private static final int MIB = 1024 * 1024;
    private static final String CUSTOMERS = "/external/v1/customers";

    private static GatewayReplicas gateway;
    private static GatewayReplicas.Organization acme;

    @BeforeAll
    static void start() {
        gateway = GatewayReplicas.start(1, Map.of());
        acme = gateway.createOrganization("Acme");
    }

    @AfterAll
    static void stop() {
        gateway.close();
    }

    @Test
    void aBodyOverTheLimitIsAnswered413WithOrWithoutItsLength() {
        byte[] oversized = body(2 * MIB);

        HttpResponse<String> declared = post(HttpRequest.BodyPublishers.ofByteArray(oversized));
        HttpResponse<String> chunked = post(chunked(oversized));

        assertThat(declared.statusCode()).isEqualTo(413);
        assertThat(chunked.statusCode()).isEqualTo(413);
        assertThat(chunked.body()).startsWith("{\"detail\":").contains("larger than");
    }

    @Test
    void aChunkedBodyWithinTheLimitIsForwarded() {
        HttpResponse<String> forwarded = post(chunked(body(MIB - 100)));

        assertThat(forwarded.statusCode()).as(forwarded.body()).isEqualTo(503);
    }

    @Test
    void headersOverTheLimitAreAnswered431() {
        HttpResponse<String> answer = gateway.send(HttpRequest.newBuilder(gateway.uri(0).resolve(CUSTOMERS))
                .header("x-api-key", acme.apiKey())
                .header("X-Padding", "p".repeat(20 * 1024))
                .GET());

        assertThat(answer.statusCode()).isEqualTo(431);
        assertThat(gateway.withKey(0, acme.apiKey()).statusCode()).isEqualTo(503);
    }

    private HttpResponse<String> post(HttpRequest.BodyPublisher body) {
        return gateway.send(HttpRequest.newBuilder(gateway.uri(0).resolve(CUSTOMERS))
                .header("x-api-key", acme.apiKey())
                .header("Content-Type", "application/json")
                .POST(body));
    }

    /** A body the client streams without a length: chunked. */
    private static HttpRequest.BodyPublisher chunked(byte[] body) {
        return HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(body));
    }

    private static byte[] body(int size) {
        String prefix = "{\"name\": \"";
        return (prefix + "x".repeat(size - prefix.length() - 2) + "\"}").getBytes(StandardCharsets.UTF_8);
    }
}
