package io.engagement.local.gateway;

import io.engagement.local.support.Answer;
import io.engagement.local.support.RunningSuite;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What the gateway refuses before any service sees it: bodies over 1 MiB (413, with or without a
 * declared length), oversized headers (431), and clients that stall while sending.
 */
class EdgeLimitsIT {

    private static final String CUSTOMERS = "/external/v1/customers";
    private static final int MIB = 1024 * 1024;

    private final RunningSuite suite = RunningSuite.get();

    @Test
    void aBodyOverOneMebibyteIsAnswered413WhetherItsLengthIsDeclaredOrNot() {
        byte[] oversized = customer("x".repeat(2 * MIB));

        Answer declared = suite.send(post(CUSTOMERS, HttpRequest.BodyPublishers.ofByteArray(oversized)), "x-api-key", suite.acme.apiKey());
        Answer chunked = suite.send(post(CUSTOMERS, chunked(oversized)), "x-api-key", suite.acme.apiKey());
        Answer chunkedToTelemetry = suite.send(post("/external/v1/events", chunked(oversized)), "X-Public-Key", suite.acme.publicKey());

        for (Answer answer : new Answer[] {declared, chunked, chunkedToTelemetry}) {
            assertThat(answer.status()).isEqualTo(413);
            assertThat(answer.detail()).contains("larger than");
        }
    }

    @Test
    void aChunkedBodyWithinTheLimitReachesTheService() {
        String email = "chunked-" + UUID.randomUUID() + "@example.com";
        // half a mebibyte of JSON whitespace: large, within the limit, and a valid customer
        byte[] body = ("{\"name\": \"Chunked\", \"email\": \"" + email + "\"," + " ".repeat(MIB / 2) + "\"source\": \"api\"}")
                .getBytes(StandardCharsets.UTF_8);

        Answer created = suite.send(post(CUSTOMERS, chunked(body)), "x-api-key", suite.acme.apiKey());

        assertThat(created.status()).as(created.body()).isEqualTo(201);
        assertThat(created.json().get("email").asString()).isEqualTo(email);
    }

    @Test
    void headersOverTheLimitAreAnswered431() {
        Answer answer = suite.get(CUSTOMERS, "x-api-key", suite.acme.apiKey(), "X-Padding", "p".repeat(20 * 1024));

        assertThat(answer.status()).isEqualTo(431);
        assertThat(suite.get(CUSTOMERS, "x-api-key", suite.acme.apiKey()).status()).isEqualTo(200);
    }

    @Test
    void aClientThatStallsInItsBodyIsDisconnectedWhileOthersAreAnswered() throws IOException {
        URI gateway = suite.gateway();
        try (Socket stalled = new Socket(gateway.getHost(), gateway.getPort())) {
            stalled.setSoTimeout((int) Duration.ofSeconds(60).toMillis());
            OutputStream out = stalled.getOutputStream();
            out.write(("POST " + CUSTOMERS + " HTTP/1.1\r\nHost: localhost\r\nx-api-key: " + suite.acme.apiKey()
                    + "\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"email\": \"sl").getBytes(StandardCharsets.US_ASCII));
            out.flush();
            Instant stalledAt = Instant.now();

            for (int request = 0; request < 5; request++) {
                assertThat(suite.get(CUSTOMERS, "x-api-key", suite.globex.apiKey()).status()).isEqualTo(200);
            }
            assertThat(disconnected(stalled.getInputStream())).isTrue();
            assertThat(Duration.between(stalledAt, Instant.now())).isLessThan(Duration.ofSeconds(30));
        }
    }

    /** Reads until the gateway closes the connection; false if it was still open when the client gave up. */
    private static boolean disconnected(InputStream in) {
        try {
            while (in.read() != -1) {
                // a 408 may come first: the test is that the connection ends
            }
            return true;
        } catch (SocketTimeoutException stillOpen) {
            return false;
        } catch (IOException reset) {
            return true;
        }
    }

    private HttpRequest.Builder post(String path, HttpRequest.BodyPublisher body) {
        return HttpRequest.newBuilder(suite.gateway().resolve(path)).header("Content-Type", "application/json").POST(body);
    }

    /** A body the client streams without a length: chunked. */
    private static HttpRequest.BodyPublisher chunked(byte[] body) {
        return HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(body));
    }

    private static byte[] customer(String name) {
        return ("{\"email\": \"big-" + UUID.randomUUID() + "@example.com\", \"name\": \"" + name + "\"}").getBytes(StandardCharsets.UTF_8);
    }
}
