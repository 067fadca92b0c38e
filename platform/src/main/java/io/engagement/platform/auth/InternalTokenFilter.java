package io.engagement.platform.auth;

import io.engagement.platform.error.ApiException;
import org.springframework.http.server.PathContainer;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import org.springframework.web.util.pattern.PathPattern;
import org.springframework.web.util.pattern.PathPatternParser;
import reactor.core.publisher.Mono;

import java.util.List;

/**
 * Lets a request into a service only with a valid internal token from the gateway, so that going
 * around the gateway lets no one in. Open paths (health, metrics) need none.
 */
public final class InternalTokenFilter implements WebFilter {

    private final VerifiedTokens tokens;
    private final List<PathPattern> openPaths;

    public InternalTokenFilter(VerifiedTokens tokens, List<String> openPaths) {
        this.tokens = tokens;
        this.openPaths = openPaths.stream().map(PathPatternParser.defaultInstance::parse).toList();
    }

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
        if (isOpen(exchange.getRequest().getPath().pathWithinApplication())) {
            return chain.filter(exchange);
        }
        String token = exchange.getRequest().getHeaders().getFirst(InternalToken.HEADER);
        if (token == null) {
            return Mono.error(ApiException.unauthorized("Not authenticated"));
        }
        return tokens.verify(token)
                .map(context -> {
                    context.bindTo(exchange);
                    return chain.filter(exchange);
                })
                .orElseGet(() -> Mono.error(ApiException.unauthorized("Invalid or expired internal token")));
    }

    private boolean isOpen(PathContainer path) {
        return openPaths.stream().anyMatch(pattern -> pattern.matches(path));
    }
}
