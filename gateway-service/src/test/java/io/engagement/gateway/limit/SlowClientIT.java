package io.engagement.gateway.limit;

import io.engagement.gateway.GatewayReplicas;
import io.engagement.testkit.WithInfrastructure;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A client that stops sending in the middle of its headers or of its body is disconnected after
 * the configured time, while other clients are answered as usual.
 */
@WithInfrastructure
class SlowClientIT {

    private static final Duration TIMEOUT = Duration.ofSeconds(2);

    private GatewayReplicas gateway;

    @BeforeEach
    void start() {
        gateway = GatewayReplicas.start(1, Map.of("server.netty.idle-timeout", "2s", "engagement.connections.read-timeout", "2s"));
    }

    @AfterEach
    void stop() {
        gateway.close();
    }

    @Test
    void aClientStalledInItsHeadersIsDisconnectedAndOthersAreAnswered() throws IOException {
        try (Socket stalled = open()) {
            send(stalled, "GET /admin/v1/organizations/1/keys HTTP/1.1\r\nHost: localhost\r\nX-Admin-To");

            assertOthersAreAnswered();
            assertDisconnected(stalled);
        }
    }

    @Test
    void aClientStalledInItsBodyIsDisconnectedAndOthersAreAnswered() throws IOException {
        try (Socket stalled = open()) {
            send(stalled, "POST /admin/v1/organizations HTTP/1.1\r\nHost: localhost\r\nX-Admin-Token: " + GatewayReplicas.ADMIN_TOKEN
                    + "\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"name\": \"Sl");

            assertOthersAreAnswered();
            assertDisconnected(stalled);
        }
    }

    private Socket open() throws IOException {
        URI uri = gateway.uri(0);
        Socket socket = new Socket(uri.getHost(), uri.getPort());
        socket.setSoTimeout((int) TIMEOUT.multipliedBy(10).toMillis());
        return socket;
    }

    private static void send(Socket socket, String text) throws IOException {
        OutputStream out = socket.getOutputStream();
        out.write(text.getBytes(StandardCharsets.US_ASCII));
        out.flush();
    }

    private void assertOthersAreAnswered() {
        for (int request = 0; request < 5; request++) {
            Instant sent = Instant.now();
            assertThat(gateway.admin(0, "GET", "/admin/v1/organizations/1/keys", null).statusCode()).isEqualTo(404);
            assertThat(Duration.between(sent, Instant.now())).isLessThan(TIMEOUT);
        }
    }

    /** The gateway closes the connection (perhaps after a 408) long before the client gives up. */
    private static void assertDisconnected(Socket stalled) throws IOException {
        Instant start = Instant.now();
        InputStream in = stalled.getInputStream();
        try {
            while (in.read() != -1) {
                // whatever the gateway says before closing: the test is that it closes
            }
        } catch (SocketTimeoutException stillOpen) {
            throw new AssertionError("the stalled connection was still open after " + Duration.between(start, Instant.now()));
        } catch (IOException reset) {
            // a reset is a disconnection too
        }
        assertThat(Duration.between(start, Instant.now())).isLessThan(TIMEOUT.multipliedBy(5));
    }
}
