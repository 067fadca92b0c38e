package io.engagement.gateway.organization;

import io.engagement.platform.error.ApiException;
import org.springframework.stereotype.Component;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import reactor.core.publisher.Mono;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;

/** The admin API answers only to the configured {@code X-Admin-Token}. */
@Component
class AdminTokenFilter implements WebFilter {

    static final String HEADER = "X-Admin-Token";
    private static final String ADMIN_PATH = "/admin/";

    private final byte[] adminToken;

    AdminTokenFilter(AdminProperties properties) {
        String adminToken = properties.token() == null ? "" : properties.token();
        if (adminToken.length() < 16) {
            throw new IllegalStateException(
                    "engagement.admin.token must be set to at least 16 characters (environment variable ENGAGEMENT_ADMIN_TOKEN)");
        }
        this.adminToken = adminToken.getBytes(StandardCharsets.UTF_8);
    }

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
        if (!exchange.getRequest().getPath().value().startsWith(ADMIN_PATH)) {
            return chain.filter(exchange);
        }
        String presented = exchange.getRequest().getHeaders().getFirst(HEADER);
        if (presented == null) {
            return Mono.error(ApiException.unauthorized("Missing admin token"));
        }
        if (!MessageDigest.isEqual(adminToken, presented.getBytes(StandardCharsets.UTF_8))) {
            return Mono.error(ApiException.unauthorized("Invalid admin token"));
        }
        return chain.filter(exchange);
    }
}
