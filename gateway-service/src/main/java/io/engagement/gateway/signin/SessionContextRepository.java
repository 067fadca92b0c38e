package io.engagement.gateway.signin;

import org.springframework.http.HttpCookie;
import org.springframework.security.core.context.SecurityContext;
import org.springframework.security.core.context.SecurityContextImpl;
import org.springframework.security.web.server.context.ServerSecurityContextRepository;
import org.springframework.stereotype.Component;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

/**
 * Spring Security's view of our sessions: a request's security context is the live session its
 * {@code engagement_session} cookie names. Nothing is saved through here: a session starts only at
 * sign-in, under a new cookie value, so a cookie a browser held before is never the session after.
 */
@Component
class SessionContextRepository implements ServerSecurityContextRepository {

    static final String COOKIE = "engagement_session";

    private final SignedInSessions sessions;

    SessionContextRepository(SignedInSessions sessions) {
        this.sessions = sessions;
    }

    @Override
    public Mono<Void> save(ServerWebExchange exchange, SecurityContext context) {
        return Mono.empty();
    }

    @Override
    public Mono<SecurityContext> load(ServerWebExchange exchange) {
        HttpCookie cookie = exchange.getRequest().getCookies().getFirst(COOKIE);
        if (cookie == null || cookie.getValue().isBlank()) {
            return Mono.empty();
        }
        return sessions.find(cookie.getValue()).map(signedIn -> new SecurityContextImpl(new PersonAuthentication(signedIn)));
    }
}
