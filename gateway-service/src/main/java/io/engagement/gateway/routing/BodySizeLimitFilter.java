package io.engagement.gateway.routing;

import io.engagement.platform.PlatformProperties;
import io.engagement.platform.error.ApiException;
import org.springframework.cloud.gateway.filter.GatewayFilterChain;
import org.springframework.cloud.gateway.filter.GlobalFilter;
import org.springframework.core.Ordered;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Component;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

/**
 * Refuses a body larger than the services read (413) before it is forwarded: a service that
 * refused it half-read would close the connection under other requests.
 */
@Component
class BodySizeLimitFilter implements GlobalFilter, Ordered {

    private final long maxBytes;

    BodySizeLimitFilter(PlatformProperties properties) {
        this.maxBytes = properties.maxBodySize().toBytes();
    }

    @Override
    public int getOrder() {
        return Ordered.HIGHEST_PRECEDENCE;
    }

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, GatewayFilterChain chain) {
        if (exchange.getRequest().getHeaders().getContentLength() > maxBytes) {
            return Mono.error(new ApiException(HttpStatus.CONTENT_TOO_LARGE, "Request body is larger than " + maxBytes + " bytes"));
        }
        return chain.filter(exchange);
    }
}
