package io.engagement.alert.delivery;

import io.netty.resolver.AddressResolverGroup;
import org.springframework.http.client.reactive.ReactorClientHttpConnector;
import org.springframework.web.reactive.function.client.WebClient;
import reactor.netty.http.client.HttpClient;
import reactor.netty.resources.ConnectionProvider;

import java.time.Duration;

/**
 * The non-blocking HTTP client of deliveries. Bodies are written as JSON text by the senders
 * themselves (a webhook's signature covers the exact bytes sent), so it needs no codecs beyond
 * strings and bytes.
 */
final class DeliveryHttp {

    private DeliveryHttp() {
    }

    /** For the targets customers name: every connection goes where {@code guardedResolver} resolved, and judged, the host. */
    static WebClient toTargets(DeliverySettings settings, AddressResolverGroup<?> guardedResolver) {
        return webClient(http("alert-targets", settings).resolver(guardedResolver));
    }

    private static HttpClient http(String pool, DeliverySettings settings) {
        ConnectionProvider connections = ConnectionProvider.builder(pool)
                .maxConnections(256)
                .pendingAcquireTimeout(settings.timeout())
                .maxIdleTime(Duration.ofSeconds(30))
                .build();
        return HttpClient.create(connections)
                .responseTimeout(settings.timeout())
                .followRedirect(false);
    }

    private static WebClient webClient(HttpClient http) {
        return WebClient.builder().clientConnector(new ReactorClientHttpConnector(http)).build();
    }
}
