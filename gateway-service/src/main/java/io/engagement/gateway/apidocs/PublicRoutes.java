package io.engagement.gateway.apidocs;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.cloud.gateway.config.GatewayProperties;
import org.springframework.cloud.gateway.filter.FilterDefinition;
import org.springframework.cloud.gateway.handler.predicate.PredicateDefinition;
import org.springframework.cloud.gateway.route.RouteDefinition;
import org.springframework.stereotype.Component;

import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The gateway's routes as the document needs them, read from the same configuration that routes
 * requests, so the document cannot offer a path the gateway does not forward (or forget one it does).
 */
@Component
class PublicRoutes {

    /** The gateway's own operations: the admin API, answered on the admin token. */
    static final PublicRoute GATEWAY_ADMIN = PublicRoute.of("gateway-admin", List.of("/admin/v1/**"), Set.of("admin"), false);
    /** The gateway's own operations of people: signing in, an organization's people, API access and audit log. */
    static final PublicRoute GATEWAY_PEOPLE = PublicRoute.of("gateway-people",
            List.of("/auth/v1/**", "/external/v1/people", "/external/v1/people/**", "/external/v1/api-keys", "/external/v1/api-keys/**",
                    "/external/v1/audit-events", "/external/v1/settings/security"), Set.of(PublicRoute.SESSION), false);

    private static final String KEY_KINDS = "key-kinds";

    private final List<PublicRoute> routes;

    @Autowired
    PublicRoutes(GatewayProperties gateway) {
        this(gateway.getRoutes().stream().map(PublicRoutes::of).toList());
    }

    PublicRoutes(List<PublicRoute> routes) {
        this.routes = List.copyOf(routes);
    }

    Optional<PublicRoute> routeOf(String path) {
        return routes.stream().filter(route -> route.matches(path)).findFirst();
    }

    /** The route the gateway sends this method on this path to, as it picks one: the first that matches. */
    Optional<PublicRoute> routeOf(String path, String method) {
        return routes.stream().filter(route -> route.matches(path) && route.answers(method)).findFirst();
    }

    private static PublicRoute of(RouteDefinition route) {
        List<String> paths = argumentsOf(route, "Path").toList();
        Set<String> methods = argumentsOf(route, "Method").map(method -> method.toLowerCase(Locale.ROOT)).collect(Collectors.toSet());
        Set<String> kinds = Arrays.stream(String.valueOf(route.getMetadata().getOrDefault(KEY_KINDS, "data")).split(","))
                .map(String::trim).collect(Collectors.toSet());
        boolean rewrites = route.getFilters().stream().map(FilterDefinition::getName).anyMatch("RewritePath"::equals);
        return PublicRoute.of(route.getId(), paths, kinds, rewrites, methods);
    }

    private static Stream<String> argumentsOf(RouteDefinition route, String predicateName) {
        return route.getPredicates().stream()
                .filter(predicate -> predicate.getName().equals(predicateName))
                .map(PredicateDefinition::getArgs)
                .map(Map::values)
                .flatMap(Collection::stream)
                .flatMap(value -> Arrays.stream(value.split(",")))
                .map(String::trim);
    }
}
