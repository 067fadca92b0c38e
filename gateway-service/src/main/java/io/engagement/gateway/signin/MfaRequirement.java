package io.engagement.gateway.signin;

import io.engagement.platform.error.ApiException;
import org.springframework.security.core.context.ReactiveSecurityContextHolder;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import reactor.core.publisher.Mono;

/**
 * Where an organization requires MFA, a signed-in member without it reaches only their own account
 * under {@code /auth/v1} (to turn it on, or sign out): everything else is 403. Part of the people's
 * security chain, after authentication.
 */
final class MfaRequirement implements WebFilter {

    static final String REQUIRED = "this organization requires MFA";

    private final MfaPolicy policy;

    MfaRequirement(MfaPolicy policy) {
        this.policy = policy;
    }

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
        if (exchange.getRequest().getPath().value().startsWith(SignInResource.BASE + "/")) {
            return chain.filter(exchange);
        }
        return ReactiveSecurityContextHolder.getContext()
                .mapNotNull(context -> context.getAuthentication() instanceof PersonAuthentication person ? person.signedIn() : null)
                .filter(signedIn -> !signedIn.member().mfaEnabled())
                .flatMap(signedIn -> policy.requiresMfa(signedIn.organizationId()))
                .filter(required -> required)
                .flatMap(required -> Mono.<Void>error(ApiException.forbidden(REQUIRED)))
                .switchIfEmpty(Mono.defer(() -> chain.filter(exchange)));
    }
}
