package io.engagement.gateway.apidocs;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

import java.util.Collection;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * Merges the services' own documents into the one a client reads at the gateway: only the paths a
 * route forwards, each with its route's key and the contract's error answers, and the
 * doubled-prefix form beside every path its route also answers under {@code /external/v1/external/v1}.
 */
final class ContractDocument {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final Set<String> METHODS = Set.of("get", "put", "post", "delete", "options", "head", "patch", "trace");
    private static final String DOUBLED_SUFFIX = "_doubled_prefix";

    private ContractDocument() {
    }

    /**
     * @param documents   each source's document by source name; a source without one is listed as unavailable
     * @param routes      the gateway's routes
     * @param unavailable the sources whose document could not be read
     */
    static ObjectNode merge(Map<String, JsonNode> documents, PublicRoutes routes, Collection<String> unavailable) {
        Map<String, ObjectNode> paths = new TreeMap<>();
        ObjectNode schemas = NODES.objectNode();
        documents.forEach((source, document) -> {
            document.path("paths").properties().forEach(path -> {
                String template = templateOf(path.getKey());
                routeOf(template, routes).ifPresent(route -> addPath(paths, source, template, (ObjectNode) path.getValue(), route, routes));
            });
            document.path("components").path("schemas").properties().forEach(schema -> {
                if (!schemas.has(schema.getKey())) {
                    schemas.set(schema.getKey(), schema.getValue());
                }
            });
        });
        schemas.setAll(ErrorShapes.schemas());

        ObjectNode merged = NODES.objectNode();
        merged.put("openapi", "3.1.0");
        merged.putObject("info")
                .put("title", "Engagement Suite API")
                .put("version", "v1")
                .put("description", "The Customer Engagement Service API and its extensions, as the gateway serves them. "
                        + "Paths under /external/v1/external/v1 are the contract's doubled-prefix forms of the same operations.");
        merged.putArray("servers").add(NODES.objectNode().put("url", "/"));
        ObjectNode pathsNode = merged.putObject("paths");
        paths.forEach(pathsNode::set);
        ObjectNode components = merged.putObject("components");
        components.set("schemas", schemas);
        components.set("responses", ErrorShapes.responses());
        components.set("securitySchemes", ErrorShapes.securitySchemes());
        if (!unavailable.isEmpty()) {
            // the document stays available while a service is down, and says what it lacks
            var missing = merged.putArray("x-unavailable-services");
            unavailable.stream().sorted().forEach(missing::add);
        }
        return merged;
    }

    /** Spring's capture-all variable ({@code {*url_pattern}}) is an ordinary path parameter to a client. */
    private static String templateOf(String path) {
        return path.replace("{*", "{");
    }

    private static Optional<PublicRoute> routeOf(String path, PublicRoutes routes) {
        if (PublicRoutes.GATEWAY_ADMIN.matches(path)) {
            return routes.routeOf(path).or(() -> Optional.of(PublicRoutes.GATEWAY_ADMIN));
        }
        if (PublicRoutes.GATEWAY_PEOPLE.matches(path)) {
            return Optional.of(PublicRoutes.GATEWAY_PEOPLE);
        }
        return routes.routeOf(path);
    }

    private static void addPath(Map<String, ObjectNode> paths, String source, String path, ObjectNode item, PublicRoute route,
                                PublicRoutes routes) {
        paths.merge(path, decorated(source, path, item, route, routes, ""), ContractDocument::union);
        route.doubledFormOf(path).ifPresent(doubled ->
                paths.merge(doubled, decorated(source, doubled, item, route, routes, DOUBLED_SUFFIX), ContractDocument::union));
    }

    /** Operation ids are only unique within a service, so each gets its source's name. */
    /** Each operation is described with the keys of the route its method takes, {@code route} where no other route claims it. */
    private static ObjectNode decorated(String source, String path, ObjectNode item, PublicRoute route, PublicRoutes routes,
                                        String operationIdSuffix) {
        ObjectNode copy = item.deepCopy();
        copy.properties().stream().filter(entry -> METHODS.contains(entry.getKey())).forEach(entry -> {
            ObjectNode operation = (ObjectNode) entry.getValue();
            if (operation.has("operationId")) {
                operation.put("operationId", source + "_" + operation.get("operationId").asString() + operationIdSuffix);
            }
            ErrorShapes.decorate(path, entry.getKey(), operation, routes.routeOf(path, entry.getKey()).orElse(route));
        });
        return copy;
    }

    private static ObjectNode union(ObjectNode first, ObjectNode second) {
        second.properties().forEach(entry -> {
            if (!first.has(entry.getKey())) {
                first.set(entry.getKey(), entry.getValue());
            }
        });
        return first;
    }
}
