package io.engagement.analytics.collection;

import io.engagement.analytics.page.PageStore;
import io.engagement.platform.auth.OrgContext;
import io.engagement.platform.error.ApiException;
import io.engagement.platform.id.IdSequences;
import io.engagement.platform.idempotency.IdempotentRequests;
import io.engagement.platform.url.UrlPattern;
import io.engagement.platform.validation.JsonBodyReader;
import io.engagement.platform.validation.ObjectSchema;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.StringNode;

import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;

/** Page collections: create, list, read with analytics, rename, map and unmap pages and patterns, delete. */
@RestController
@RequestMapping("/external/v1/page-collections")
class CollectionResource {

    private static final String NOT_FOUND = "Page collection";

    private final CollectionStore store;
    private final CollectionAnalytics analytics;
    private final PageStore pages;
    private final JsonBodyReader bodies;
    private final IdempotentRequests idempotent;
    private final Clock clock = Clock.systemUTC();

    CollectionResource(CollectionStore store, CollectionAnalytics analytics, PageStore pages, JsonBodyReader bodies,
                       IdempotentRequests idempotent) {
        this.store = store;
        this.analytics = analytics;
        this.pages = pages;
        this.bodies = bodies;
        this.idempotent = idempotent;
    }

    @GetMapping
    Mono<Map<String, List<AnalyticsView.Listed>>> list(ServerWebExchange exchange) {
        long organizationId = OrgContext.of(exchange).organizationId();
        return pages.all(organizationId).collectList()
                .flatMap(registry -> store.list(organizationId)
                        .map(collection -> new AnalyticsView.Listed(collection.collectionId(), collection.name(), collection.description(),
                                Membership.resolve(collection, registry).members().size(), collection.createdAt(), collection.updatedAt()))
                        .collectList())
                .map(collections -> Map.of("collections", collections));
    }

    @PostMapping
    Mono<ResponseEntity<JsonNode>> create(ServerWebExchange exchange) {
        long organizationId = OrgContext.of(exchange).organizationId();
        AnalyticsRange range = AnalyticsRange.from(exchange, clock);
        return bodies.readTree(exchange).flatMap(body -> idempotent.answer(exchange, body, HttpStatus.OK, () -> {
            var request = bodies.bind(body, CollectionRequests.CREATE, CollectionRequests.NewCollection.class);
            var mappings = new CollectionRequests.Mappings(request.pageIds(), request.urlPatterns());
            PageCollection collection = CollectionStore.newCollection(IdSequences.publicId(), request.name(), request.description(),
                    mappings.pageIdsOrNone().stream().distinct().toList(), mappings.urlPatternsOrNone());
            return store.insert(organizationId, collection)
                    .flatMap(inserted -> analytics.of(organizationId, inserted, range));
        }));
    }

    @GetMapping("/{collection_id}")
    Mono<AnalyticsView> read(@PathVariable("collection_id") String collectionId, ServerWebExchange exchange) {
        long organizationId = OrgContext.of(exchange).organizationId();
        AnalyticsRange range = AnalyticsRange.from(exchange, clock);
        return analytics.of(organizationId, found(store.find(organizationId, collectionId)), range);
    }

    @PutMapping("/{collection_id}")
    Mono<AnalyticsView> update(@PathVariable("collection_id") String collectionId, ServerWebExchange exchange) {
        return change(exchange, CollectionRequests.UPDATE, CollectionRequests.CollectionChange.class, (organizationId, change) ->
                store.rename(organizationId, collectionId, change.name(), change.description()));
    }

    @DeleteMapping("/{collection_id}")
    Mono<JsonNode> delete(@PathVariable("collection_id") String collectionId, ServerWebExchange exchange) {
        long organizationId = OrgContext.of(exchange).organizationId();
        return store.delete(organizationId, collectionId)
                .flatMap(deleted -> deleted ? Mono.<JsonNode>just(StringNode.valueOf("Page collection deleted")) : Mono.error(ApiException.notFound(NOT_FOUND)));
    }

    @PostMapping("/{collection_id}/map-pages")
    Mono<ResponseEntity<JsonNode>> map(@PathVariable("collection_id") String collectionId, ServerWebExchange exchange) {
        long organizationId = OrgContext.of(exchange).organizationId();
        AnalyticsRange range = AnalyticsRange.from(exchange, clock);
        return bodies.readTree(exchange).flatMap(body -> idempotent.answer(exchange, body, HttpStatus.OK, () -> {
            var mappings = bodies.bind(body, CollectionRequests.MAPPINGS, CollectionRequests.Mappings.class);
            return found(store.map(organizationId, collectionId, mappings.pageIdsOrNone(), mappings.urlPatternsOrNone()))
                    .flatMap(collection -> analytics.of(organizationId, collection, range));
        }));
    }

    @DeleteMapping("/{collection_id}/pages/{page_id}")
    Mono<AnalyticsView> unmapPage(@PathVariable("collection_id") String collectionId, @PathVariable("page_id") String pageId, ServerWebExchange exchange) {
        long organizationId = OrgContext.of(exchange).organizationId();
        AnalyticsRange range = AnalyticsRange.from(exchange, clock);
        return found(store.find(organizationId, collectionId))
                .filter(collection -> collection.pageIds().contains(pageId))
                .switchIfEmpty(Mono.error(() -> ApiException.notFound("Page mapping")))
                .flatMap(collection -> found(store.unmapPage(organizationId, collectionId, pageId)))
                .flatMap(collection -> analytics.of(organizationId, collection, range));
    }

    /** The pattern is the rest of the path, so nested patterns such as {@code a/b} need no encoding. */
    @DeleteMapping("/{collection_id}/patterns/{*url_pattern}")
    Mono<AnalyticsView> unmapPattern(@PathVariable("collection_id") String collectionId, @PathVariable("url_pattern") String urlPattern, ServerWebExchange exchange) {
        long organizationId = OrgContext.of(exchange).organizationId();
        AnalyticsRange range = AnalyticsRange.from(exchange, clock);
        String pattern = UrlPattern.normalize(urlPattern.startsWith("//") ? urlPattern.substring(1) : urlPattern);
        return found(store.find(organizationId, collectionId))
                .filter(collection -> collection.urlPatterns().contains(pattern))
                .switchIfEmpty(Mono.error(() -> ApiException.notFound("URL pattern")))
                .flatMap(collection -> found(store.unmapPattern(organizationId, collectionId, pattern)))
                .flatMap(collection -> analytics.of(organizationId, collection, range))
                .map(AnalyticsView::withWarningsInSummary);
    }

    /** Reads the body, applies it to the collection and answers the changed collection's analytics. */
    private <T> Mono<AnalyticsView> change(ServerWebExchange exchange, ObjectSchema schema, Class<T> type,
                                          BiFunction<Long, T, Mono<PageCollection>> apply) {
        long organizationId = OrgContext.of(exchange).organizationId();
        AnalyticsRange range = AnalyticsRange.from(exchange, clock);
        return bodies.read(exchange, schema, type)
                .flatMap(body -> found(apply.apply(organizationId, body)))
                .flatMap(collection -> analytics.of(organizationId, collection, range));
    }

    private static Mono<PageCollection> found(Mono<PageCollection> collection) {
        return collection.switchIfEmpty(Mono.error(() -> ApiException.notFound(NOT_FOUND)));
    }
}
