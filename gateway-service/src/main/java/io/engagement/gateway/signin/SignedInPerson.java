package io.engagement.gateway.signin;

import io.engagement.platform.auth.Role;
import io.engagement.platform.error.ApiException;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

/**
 * The signed-in person a gateway-owned route of people (people, API keys, the audit log) needs:
 * a key is refused there (403), as is a role below the route's; no session is 401.
 */
public final class SignedInPerson {

    static final String NEEDS_SESSION = "this needs a person's session";

    private SignedInPerson() {
    }

    public static Mono<SignedIn> require(ServerWebExchange exchange, Role needed) {
        return exchange.getPrincipal()
                .ofType(PersonAuthentication.class)
                .map(PersonAuthentication::signedIn)
                .switchIfEmpty(Mono.error(() -> carriesKey(exchange) ? ApiException.forbidden(NEEDS_SESSION)
                        : ApiException.unauthorized(SecurityConfiguration.NOT_SIGNED_IN)))
                .filter(signedIn -> signedIn.member().role().allows(needed))
                .switchIfEmpty(Mono.error(() -> ApiException.forbidden("this needs the " + needed.wireName() + " role")));
    }

    private static boolean carriesKey(ServerWebExchange exchange) {
        return SecurityConfiguration.carriesKey(exchange.getRequest());
    }
}
