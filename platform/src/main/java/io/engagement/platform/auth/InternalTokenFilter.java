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
import java.util.function.Consumer;

/**
 * Lets a request into a service only with a valid internal token from the gateway, so that going
 * around the gateway lets no one in. Open paths (health, metrics) need none.
 */
public final class InternalTokenFilter implements WebFilter {

    private final VerifiedTokens tokens;
    private final List<PathPattern> openPaths;
    private final Consumer<OrgContext> onVerified;

    /** @param onVerified told of every request's context once its token is checked (the policy it carries) */
    public InternalTokenFilter(VerifiedTokens tokens, List<String> openPaths, Consumer<OrgContext> onVerified) {
        this.tokens = tokens;
        this.openPaths = openPaths.stream().map(PathPatternParser.defaultInstance::parse).toList();
        this.onVerified = onVerified;
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
                    onVerified.accept(context);
                    context.bindTo(exchange);
                    return chain.filter(exchange);
                })
                .orElseGet(() -> Mono.error(ApiException.unauthorized("Invalid or expired internal token")));
    }

    private boolean isOpen(PathContainer path) {
        return openPaths.stream().anyMatch(pattern -> pattern.matches(path));
    }
}
