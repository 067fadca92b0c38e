package io.engagement.gateway.routing;

import io.engagement.gateway.GatewayReplicas;
import io.engagement.testkit.WithInfrastructure;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The gateway refuses bodies over 1 MiB with 413, also when they come chunked without a length,
 * before forwarding them, and oversized headers with 431. A client still sending its body when
 * refused gets the answer: the gateway reads the rest for nothing, up to its lingering size, before
 * closing. No service runs behind this gateway: a request it forwards ends in the route's fallback (503).
 */
@WithInfrastructure
class RequestSizeLimitIT {

    private static final int MIB = 1024 * 1024;
    private static final String CUSTOMERS = "/external/v1/customers";
    /** Over what the loopback's socket buffers hold, so the gateway answers while the body is still arriving. */
    private static final int WHOLE_BODY = 16 * MIB;
    private static final int LINGERING_SIZE = 32 * MIB;

    private static GatewayReplicas gateway;
    private static GatewayReplicas.Organization acme;

    @BeforeAll
    static void start() {
        gateway = GatewayReplicas.start(1, Map.of("engagement.connections.lingering-size", LINGERING_SIZE / MIB + "MB"));
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

    /**
     * As clients without {@code Expect: 100-continue} send (Python's urllib asks to close, requests to
     * keep the connection): the whole body, then the answer is read.
     */
    @ParameterizedTest
    @ValueSource(strings = {"close", "keep-alive"})
    void aClientSendingItsWholeOversizedBodyBeforeReadingGetsThe413AndItsBodyIsReadToTheEnd(String connection) throws Exception {
        try (Socket client = open()) {
            Upload upload = Upload.start(client, connection, "Content-Length: " + WHOLE_BODY, WHOLE_BODY, false);

            RawAnswer answer = RawAnswer.read(client.getInputStream());

            assertThat(answer.statusLine()).startsWith("HTTP/1.1 413");
            assertThat(answer.header("connection")).isEqualTo("close");
            assertThat(answer.body()).startsWith("{\"detail\":").contains("larger than");
            assertThat(upload.sent()).succeedsWithin(30, TimeUnit.SECONDS).isEqualTo((long) WHOLE_BODY);
            assertThat(client.getInputStream().read()).as("the connection's end").isEqualTo(-1);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"close", "keep-alive"})
    void aClientStreamingItsWholeOversizedBodyChunkedBeforeReadingGetsThe413AndItsBodyIsReadToTheEnd(String connection) throws Exception {
        try (Socket client = open()) {
            Upload upload = Upload.start(client, connection, "Transfer-Encoding: chunked", WHOLE_BODY, true);

            RawAnswer answer = RawAnswer.read(client.getInputStream());

            assertThat(answer.statusLine()).startsWith("HTTP/1.1 413");
            assertThat(answer.header("connection")).isEqualTo("close");
            assertThat(answer.body()).startsWith("{\"detail\":").contains("larger than");
            assertThat(upload.sent()).succeedsWithin(30, TimeUnit.SECONDS).isEqualTo((long) WHOLE_BODY);
            assertThat(client.getInputStream().read()).as("the connection's end").isEqualTo(-1);
        }
    }

    @Test
    void aClientThatGoesOnSendingPastTheLingeringSizeIsCutOffAfterItsAnswer() throws Exception {
        long declared = 1024L * MIB;
        try (Socket client = open()) {
            Upload upload = Upload.start(client, "keep-alive", "Content-Length: " + declared, declared, false);

            RawAnswer answer = RawAnswer.read(client.getInputStream());

            assertThat(answer.statusLine()).startsWith("HTTP/1.1 413");
            assertThat(upload.sent()).failsWithin(30, TimeUnit.SECONDS);
            // on top of the bound: what the socket buffers of both sides held when the gateway closed
            assertThat(upload.written()).isGreaterThanOrEqualTo(LINGERING_SIZE).isLessThan(LINGERING_SIZE + 32L * MIB);
        }
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

    private static Socket open() throws IOException {
        URI uri = gateway.uri(0);
        Socket socket = new Socket(uri.getHost(), uri.getPort());
        socket.setSoTimeout(30_000);
        return socket;
    }

    /** A body the client streams without a length: chunked. */
    private static HttpRequest.BodyPublisher chunked(byte[] body) {
        return HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(body));
    }

    private static byte[] body(int size) {
        String prefix = "{\"name\": \"";
        return (prefix + "x".repeat(size - prefix.length() - 2) + "\"}").getBytes(StandardCharsets.UTF_8);
    }

    /** A request whose body is written on a thread of its own while the test reads the answer. */
    private record Upload(AtomicLong progress, CompletableFuture<Long> sent) {

        long written() {
            return progress.get();
        }

        static Upload start(Socket client, String connection, String framing, long size, boolean chunked) {
            String head = "POST " + CUSTOMERS + " HTTP/1.1\r\nHost: localhost\r\nConnection: " + connection
                    + "\r\nx-api-key: " + acme.apiKey() + "\r\nContent-Type: application/json\r\n" + framing + "\r\n\r\n";
            AtomicLong progress = new AtomicLong();
            CompletableFuture<Long> sent = new CompletableFuture<>();
            Thread writer = new Thread(() -> {
                try {
                    OutputStream out = client.getOutputStream();
                    out.write(head.getBytes(StandardCharsets.US_ASCII));
                    writeBody(out, size, chunked, progress);
                    sent.complete(progress.get());
                } catch (IOException | RuntimeException cutOff) {
                    sent.completeExceptionally(cutOff);
                }
            }, "oversized-body");
            writer.start();
            return new Upload(progress, sent);
        }

        private static void writeBody(OutputStream out, long size, boolean chunked, AtomicLong progress) throws IOException {
            byte[] piece = new byte[64 * 1024];
            Arrays.fill(piece, (byte) 'x');
            for (long written = 0; written < size; written = progress.addAndGet(piece.length)) {
                if (chunked) {
                    out.write((Integer.toHexString(piece.length) + "\r\n").getBytes(StandardCharsets.US_ASCII));
                }
                out.write(piece);
                if (chunked) {
                    out.write("\r\n".getBytes(StandardCharsets.US_ASCII));
                }
            }
            if (chunked) {
                out.write("0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            }
            out.flush();
        }
    }

    /** A response read off the socket as it came: status line, headers and a body of its declared length. */
    private record RawAnswer(String statusLine, Map<String, String> headers, String body) {

        String header(String name) {
            return headers.get(name);
        }

        static RawAnswer read(InputStream in) throws IOException {
            String statusLine = line(in);
            Map<String, String> headers = new HashMap<>();
            for (String line = line(in); !line.isEmpty(); line = line(in)) {
                int colon = line.indexOf(':');
                headers.put(line.substring(0, colon).trim().toLowerCase(Locale.ROOT), line.substring(colon + 1).trim());
            }
            byte[] body = in.readNBytes(Integer.parseInt(headers.getOrDefault("content-length", "0")));
            return new RawAnswer(statusLine, headers, new String(body, StandardCharsets.UTF_8));
        }

        private static String line(InputStream in) throws IOException {
            ByteArrayOutputStream line = new ByteArrayOutputStream();
            for (int next = in.read(); next != '\n'; next = in.read()) {
                if (next == -1) {
                    throw new IOException("the connection ended before the answer's head: " + line.toString(StandardCharsets.US_ASCII));
                }
                line.write(next);
            }
            return line.toString(StandardCharsets.US_ASCII).stripTrailing();
        }
    }
}
