package io.engagement.alert.delivery;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.client.reactive.ReactorClientHttpConnector;
import org.springframework.web.reactive.function.client.WebClient;
import reactor.netty.http.client.HttpClient;
import reactor.netty.resources.ConnectionProvider;

import java.time.Duration;

/**
 * The one non-blocking HTTP client every delivery uses. Bodies are written as JSON text by the
 * senders themselves (a webhook's signature covers the exact bytes sent), so it needs no codecs
 * beyond strings and bytes.
 */
@Configuration(proxyBeanMethods = false)
class DeliveryHttp {

    @Bean
    WebClient deliveryWebClient(DeliverySettings settings) {
        ConnectionProvider connections = ConnectionProvider.builder("alert-deliveries")
                .maxConnections(256)
                .pendingAcquireTimeout(settings.timeout())
                .maxIdleTime(Duration.ofSeconds(30))
                .build();
        HttpClient http = HttpClient.create(connections)
                .responseTimeout(settings.timeout())
                .followRedirect(false);
        return WebClient.builder().clientConnector(new ReactorClientHttpConnector(http)).build();
    }
}
