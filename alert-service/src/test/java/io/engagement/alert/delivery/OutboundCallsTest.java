package io.engagement.alert.delivery;

import com.sun.net.httpserver.HttpServer;
import io.engagement.alert.target.TargetGuard;
import io.engagement.alert.target.TargetSettings;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.web.reactive.function.client.WebClient;
import reactor.core.publisher.Mono;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class OutboundCallsTest {

    private static final DeliverySettings SETTINGS = new DeliverySettings(null, null, Duration.ofSeconds(5), null, null, 0);

    /** As deployed: targets may reach neither loopback nor private addresses. */
    private final OutboundCalls calls = new OutboundCalls(new TargetGuard(new TargetSettings(false, false)), SETTINGS);
    private final List<String> requested = new CopyOnWriteArrayList<>();
    private HttpServer server;

    @BeforeEach
    void serve() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", exchange -> {
            requested.add(exchange.getRequestURI().getPath());
            exchange.sendResponseHeaders(204, -1);
            exchange.close();
        });
        server.start();
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    @Test
    void aTargetOnARefusedAddressFailsTheDeliveryAtOnceWithTheGuardsReasonAndIsNeverConnectedTo() {
        URI hook = at("/hook");

        assertThatThrownBy(() -> calls.toTarget(hook, http -> post(http, hook)).block())
                .isInstanceOf(PermanentFailure.class)
                .hasMessage("the target host 127.0.0.1 is a loopback address, which alerts may not reach");
        assertThat(requested).isEmpty();
    }

    private static Mono<Void> post(WebClient http, URI url) {
        return http.post().uri(url).bodyValue("{}").retrieve().toBodilessEntity().then();
    }

    private URI at(String path) {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + path);
    }
}
