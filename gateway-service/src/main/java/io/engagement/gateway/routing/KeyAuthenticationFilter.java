package io.engagement.gateway.routing;

import io.engagement.gateway.key.ApiKeys;
import io.engagement.gateway.key.AuthenticatedKey;
import io.engagement.gateway.organization.OrganizationPolicyCache;
import io.engagement.gateway.organization.OrganizationStore;
import io.engagement.gateway.signin.PersonAuthentication;
import io.engagement.gateway.signin.SignedIn;
import io.engagement.platform.auth.InternalToken;
import io.engagement.platform.auth.KeyHeaders;
import io.engagement.platform.auth.KeyKind;
import io.engagement.platform.auth.OrgContext;
import io.engagement.platform.auth.Role;
import io.engagement.platform.auth.ReusedTokens;
import io.engagement.platform.error.ApiException;
import io.engagement.platform.error.RequestValidationException;
import io.engagement.platform.validation.Loc;
import io.engagement.platform.validation.Violations;
import org.springframework.cloud.gateway.filter.GatewayFilterChain;
import org.springframework.cloud.gateway.filter.GlobalFilter;
import org.springframework.cloud.gateway.route.Route;
import org.springframework.cloud.gateway.support.ServerWebExchangeUtils;
import org.springframework.core.Ordered;
import org.springframework.http.HttpHeaders;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.stereotype.Component;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

import java.util.Arrays;
import java.util.Collections;
import java.util.EnumSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;

/**
 * Authenticates the key a route asks for (route metadata {@code key-kinds}), then forwards the
 * request with a signed internal token in place of every key and reserved header; the token also
 * carries the organization's policy, so a service acts on a change from the next request on.
 * Missing or unknown key: 401. A known key of another kind: 403. Routes of kind {@code none} are public.
 * A route that takes the data key also takes a signed-in person's session, within what their role
 * allows there ({@link RouteRoles}); the token then names the person.
 * Routes of kind {@code admin} were let through on the admin token; they act for the organization
 * their path names, which must exist. An accepted key stays on the exchange as {@link AuthenticatedKey}.
 */
@Component
class KeyAuthenticationFilter implements GlobalFilter, Ordered {

    static final String KEY_KINDS = "key-kinds";
    /** The {@code key-kinds} of a route anyone may call, such as the browser SDK's script. */
    static final String PUBLIC_ROUTE = "none";

    static final String ORGANIZATION_VARIABLE = "organization_id";
    /** Route metadata: {@code true} where a route of other key kinds also takes a signed-in person's session. */
    static final String SESSIONS = "sessions";

    private final ApiKeys keys;
    private final ReusedTokens tokens;
    private final OrganizationStore organizations;
    private final OrganizationPolicyCache policies;
    /** A route's key kinds never change, so they are read from its metadata once. */
    private final Map<String, Set<KeyKind>> kindsByRoute = new ConcurrentHashMap<>();
    private final Map<String, RouteRoles> rolesByRoute = new ConcurrentHashMap<>();

    KeyAuthenticationFilter(ApiKeys keys, InternalToken tokens, OrganizationStore organizations, OrganizationPolicyCache policies) {
        this.keys = keys;
        this.tokens = new ReusedTokens(tokens);
        this.organizations = organizations;
        this.policies = policies;
    }

    /** Before the circuit breaker, so a refused key is never counted as a failing service. */
    @Override
    public int getOrder() {
        return Ordered.HIGHEST_PRECEDENCE + 1;
    }

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, GatewayFilterChain chain) {
        Set<KeyKind> accepted = acceptedKinds(exchange);
        if (accepted.isEmpty()) {
            return chain.filter(withoutCredentials(exchange));
        }
        if (accepted.contains(KeyKind.ADMIN)) {
            return forAdmin(exchange).flatMap(this::withPolicy).flatMap(context -> chain.filter(forward(exchange, context)));
        }
        Optional<PresentedKey> presented = PresentedKey.find(exchange.getRequest(), accepted);
        if (presented.isEmpty() && takesSessions(exchange, accepted)) {
            return asPerson(exchange).flatMap(this::withPolicy).flatMap(context -> chain.filter(forward(exchange, context)));
        }
        return Mono.justOrEmpty(presented)
                .switchIfEmpty(Mono.error(() -> ApiException.unauthorized("Missing API key")))
                .flatMap(key -> keys.authenticate(key.secret()))
                .switchIfEmpty(Mono.error(() -> ApiException.unauthorized("Invalid API key")))
                .map(key -> permitted(key, accepted))
                .flatMap(key -> {
                    exchange.getAttributes().put(AuthenticatedKey.ATTRIBUTE, key);
                    return withPolicy(key.context());
                })
                .flatMap(context -> chain.filter(forward(exchange, context)));
    }

    /**
     * A request with no key on a route that takes the data key: the signed-in person Spring Security
     * found for its session, if their role allows the route (403 otherwise); without one, 401.
     */
    private Mono<OrgContext> asPerson(ServerWebExchange exchange) {
        return exchange.getPrincipal()
                .ofType(PersonAuthentication.class)
                .switchIfEmpty(Mono.error(() -> ApiException.unauthorized("Missing API key")))
                .map(person -> {
                    SignedIn signedIn = person.signedIn();
                    Role needed = rolesOf(exchange).needed(exchange.getRequest().getMethod(), exchange.getRequest().getPath().value());
                    if (!signedIn.member().role().allows(needed)) {
                        throw ApiException.forbidden("this needs the " + needed.wireName() + " role");
                    }
                    return OrgContext.ofPerson(signedIn.organizationId(), signedIn.actor());
                });
    }

    /** Every route of the data key takes a session, and those that say {@code sessions: true}. */
    private static boolean takesSessions(ServerWebExchange exchange, Set<KeyKind> accepted) {
        Route route = exchange.getRequiredAttribute(ServerWebExchangeUtils.GATEWAY_ROUTE_ATTR);
        return accepted.contains(KeyKind.DATA) || "true".equals(String.valueOf(route.getMetadata().get(SESSIONS)));
    }

    private RouteRoles rolesOf(ServerWebExchange exchange) {
        Route route = exchange.getRequiredAttribute(ServerWebExchangeUtils.GATEWAY_ROUTE_ATTR);
        return rolesByRoute.computeIfAbsent(route.getId(), id -> RouteRoles.parse(route.getMetadata().get(RouteRoles.METADATA)));
    }

    /** The context with its organization's current policy, which the token carries to the service. */
    private Mono<OrgContext> withPolicy(OrgContext context) {
        return policies.of(context.organizationId()).map(context::withPolicy).defaultIfEmpty(context);
    }

    private static AuthenticatedKey permitted(AuthenticatedKey key, Set<KeyKind> accepted) {
        KeyKind kind = key.context().keyKind();
        if (!accepted.contains(kind)) {
            throw ApiException.keyKindRefused(kind.wireName());
        }
        return key;
    }

    private Mono<OrgContext> forAdmin(ServerWebExchange exchange) {
        String variable = ServerWebExchangeUtils.getUriTemplateVariables(exchange).getOrDefault(ORGANIZATION_VARIABLE, "");
        long organizationId;
        try {
            organizationId = Long.parseLong(variable);
        } catch (NumberFormatException notAnId) {
            return Mono.error(new RequestValidationException(Violations.intParsing(Loc.path(ORGANIZATION_VARIABLE), variable)));
        }
        return organizations.exists(organizationId)
                .flatMap(exists -> exists ? Mono.just(new OrgContext(organizationId, KeyKind.ADMIN))
                        : Mono.error(ApiException.notFound("Organization")));
    }

    /** A public route: nothing to authenticate, and nothing the client sent is passed on as ours. */
    private static ServerWebExchange withoutCredentials(ServerWebExchange exchange) {
        ServerHttpRequest request = exchange.getRequest().mutate().headers(KeyAuthenticationFilter::stripCredentials).build();
        return exchange.mutate().request(request).build();
    }

    private ServerWebExchange forward(ServerWebExchange exchange, OrgContext context) {
        ServerHttpRequest request = exchange.getRequest().mutate()
                .headers(headers -> {
                    stripCredentials(headers);
                    headers.set(InternalToken.HEADER, tokens.tokenFor(context));
                })
                .build();
        return exchange.mutate().request(request).build();
    }

    private static void stripCredentials(HttpHeaders headers) {
        Set<String> reserved = headers.headerNames().stream()
                .filter(name -> name.regionMatches(true, 0, InternalToken.RESERVED_HEADER_PREFIX, 0,
                        InternalToken.RESERVED_HEADER_PREFIX.length()))
                .collect(Collectors.toSet());
        reserved.forEach(headers::remove);
        PresentedKey.HEADERS.forEach(headers::remove);
    }

    private Set<KeyKind> acceptedKinds(ServerWebExchange exchange) {
        Route route = exchange.getRequiredAttribute(ServerWebExchangeUtils.GATEWAY_ROUTE_ATTR);
        return kindsByRoute.computeIfAbsent(route.getId(), id -> kindsOf(route));
    }

    private static Set<KeyKind> kindsOf(Route route) {
        Object kinds = route.getMetadata().get(KEY_KINDS);
        if (kinds == null) {
            throw new IllegalStateException("route " + route.getId() + " declares no " + KEY_KINDS);
        }
        EnumSet<KeyKind> accepted = EnumSet.noneOf(KeyKind.class);
        Arrays.stream(kinds.toString().split(","))
                .map(String::strip)
                .filter(kind -> !kind.equals(PUBLIC_ROUTE))
                .map(KeyKind::fromWireName)
                .forEach(accepted::add);
        return Collections.unmodifiableSet(accepted);
    }

    /** The key a request carries, preferring the header of a kind the route accepts. */
    record PresentedKey(String secret) {

        static final String DATA_HEADER = KeyHeaders.DATA;
        static final String TRANSACTIONAL_HEADER = KeyHeaders.TRANSACTIONAL;
        static final String PUBLIC_HEADER = KeyHeaders.PUBLIC;
        static final String PUBLIC_QUERY = KeyHeaders.PUBLIC_QUERY;
        static final Set<String> HEADERS = KeyHeaders.ALL;

        static Optional<PresentedKey> find(ServerHttpRequest request, Set<KeyKind> accepted) {
            Optional<String> preferred = accepted.stream()
                    .map(kind -> carried(request, kind))
                    .flatMap(Optional::stream)
                    .findFirst();
            Optional<String> any = preferred.or(() -> EnumSet.allOf(KeyKind.class).stream()
                    .map(kind -> carried(request, kind))
                    .flatMap(Optional::stream)
                    .findFirst());
            return any.map(PresentedKey::new);
        }

        private static Optional<String> carried(ServerHttpRequest request, KeyKind kind) {
            HttpHeaders headers = request.getHeaders();
            String value = switch (kind) {
                case DATA -> headers.getFirst(DATA_HEADER);
                case TRANSACTIONAL -> headers.getFirst(TRANSACTIONAL_HEADER);
                case PUBLIC -> Optional.ofNullable(headers.getFirst(PUBLIC_HEADER))
                        .orElse(request.getQueryParams().getFirst(PUBLIC_QUERY));
                case ADMIN -> null;
            };
            return Optional.ofNullable(value).map(String::strip).filter(secret -> !secret.isEmpty());
        }
    }
}
