package io.engagement.gateway.routing;

import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.ReactiveHealthIndicator;
import org.springframework.stereotype.Component;
import org.springframework.web.reactive.function.client.WebClient;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The gateway is healthy only when every service behind it has a ready replica. Kept out of the gateway's own
 * readiness probe, so one service down does not take the whole API out of rotation.
 */
@Component("services")
class ServicesHealthIndicator implements ReactiveHealthIndicator {

    private static final Duration PROBE_TIMEOUT = Duration.ofSeconds(2);

    private final ServiceUris services;
    private final WebClient client;

    ServicesHealthIndicator(ServiceUris services) {
        this.services = services;
        this.client = WebClient.create();
    }

    @Override
    public Mono<Health> health() {
        return Flux.fromIterable(services.byName().entrySet())
                .flatMap(service -> anyReady(service.getValue()).map(status -> Map.entry(service.getKey(), status)))
                .collectMap(Map.Entry::getKey, Map.Entry::getValue, TreeMap::new)
                .map(statuses -> {
                    boolean allUp = statuses.values().stream().allMatch("UP"::equals);
                    return (allUp ? Health.up() : Health.down()).withDetails(statuses).build();
                });
    }

    private Mono<String> anyReady(List<URI> replicas) {
        return Flux.fromIterable(replicas).flatMap(this::probe).any("UP"::equals).map(up -> up ? "UP" : "DOWN");
    }

    private Mono<String> probe(URI service) {
        return client.get().uri(service.resolve("/actuator/health/readiness"))
                .exchangeToMono(response -> Mono.just(response.statusCode().is2xxSuccessful() ? "UP" : "DOWN"))
                .timeout(PROBE_TIMEOUT)
                .onErrorReturn("DOWN");
    }
}
