package io.engagement.gateway.apidocs;

import io.engagement.gateway.routing.ServiceUris;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;
import org.springframework.core.env.Environment;
import org.springframework.stereotype.Component;
import org.springframework.web.reactive.function.client.WebClient;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

import java.net.URI;
import java.time.Clock;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Each service's own document, fetched when first asked for and again once it is older than the
 * refresh interval. A service that does not answer within the timeout keeps its last document (or
 * none yet) and is asked again on a later request, so one service down never breaks the merged
 * document, and a service that starts later than the gateway appears in it without a restart.
 */
@Component
class ServiceDocuments {

    static final String GATEWAY = "gateway";
    private static final Logger log = LoggerFactory.getLogger(ServiceDocuments.class);
    private static final String SERVICE_PATH = "/v3/api-docs";
    /** The gateway's own operations, kept apart from the merged document at {@code /v3/api-docs}. */
    static final String GATEWAY_PATH = "/v3/api-docs/gateway";

    private final WebClient client;
    private final Map<String, List<URI>> services;
    private final Environment environment;
    private final ApiDocsProperties properties;
    private final Clock clock;
    private final Map<String, Fetched> fetched = new ConcurrentHashMap<>();

    ServiceDocuments(ServiceUris services, Environment environment, ApiDocsProperties properties) {
        this.client = WebClient.create();
        this.services = services.byName();
        this.environment = environment;
        this.properties = properties;
        this.clock = Clock.systemUTC();
    }

    /** Services build their documents on first request: asking at start-up spares the first reader the wait. */
    @EventListener(ApplicationReadyEvent.class)
    void readAll() {
        current().subscribe();
    }

    /** Every source's latest document; a source never read yet is absent from the answer. */
    Mono<Map<String, JsonNode>> current() {
        return Flux.fromIterable(sources().entrySet())
                .flatMap(source -> documentOf(source.getKey(), source.getValue())
                        .map(document -> Map.entry(source.getKey(), document)))
                .collectMap(Map.Entry::getKey, Map.Entry::getValue, LinkedHashMap::new);
    }

    Iterable<String> sourceNames() {
        return sources().keySet();
    }

    /** Each source's addresses: every replica of a service serves the same document. */
    private Map<String, List<URI>> sources() {
        Map<String, List<URI>> sources = new LinkedHashMap<>();
        sources.put(GATEWAY, List.of(URI.create("http://127.0.0.1:" + environment.getProperty("local.server.port", "8080") + GATEWAY_PATH)));
        services.forEach((name, replicas) -> sources.put(name, replicas.stream().map(base -> base.resolve(SERVICE_PATH)).toList()));
        return sources;
    }

    private Mono<JsonNode> documentOf(String name, List<URI> replicas) {
        Fetched last = fetched.get(name);
        if (last != null && last.isFreshAt(clock.instant(), properties)) {
            return Mono.justOrEmpty(last.document());
        }
        return Flux.fromIterable(replicas)
                .concatMap(uri -> read(uri).onErrorResume(failure -> {
                    log.debug("The OpenAPI document at {} could not be read", uri, failure);
                    return Mono.empty();
                }))
                .next()
                .switchIfEmpty(Mono.error(() -> new IllegalStateException("no replica answered")))
                .doOnNext(document -> fetched.put(name, new Fetched(Optional.of(document), clock.instant())))
                .onErrorResume(failure -> {
                    log.warn("The OpenAPI document of {} could not be read ({}); serving the last one read, if any", name, failure.toString());
                    Optional<JsonNode> previous = last == null ? Optional.empty() : last.document();
                    fetched.put(name, new Fetched(previous, clock.instant(), true));
                    return Mono.justOrEmpty(previous);
                });
    }

    private Mono<JsonNode> read(URI uri) {
        return client.get().uri(uri).retrieve().bodyToMono(JsonNode.class).timeout(properties.fetchTimeout());
    }

    /** A failed read is retried sooner than a good document is refreshed. */
    private record Fetched(Optional<JsonNode> document, Instant at, boolean failed) {

        Fetched(Optional<JsonNode> document, Instant at) {
            this(document, at, false);
        }

        boolean isFreshAt(Instant now, ApiDocsProperties properties) {
            return at.plus(failed ? properties.fetchTimeout() : properties.refreshAfter()).isAfter(now);
        }
    }
}
