package io.engagement.gateway.routing;

import io.engagement.platform.PlatformProperties;
import io.engagement.platform.error.ApiException;
import org.springframework.cloud.gateway.filter.GatewayFilterChain;
import org.springframework.cloud.gateway.filter.GlobalFilter;
import org.springframework.cloud.gateway.route.Route;
import org.springframework.cloud.gateway.support.ServerWebExchangeUtils;
import org.springframework.core.Ordered;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.core.io.buffer.DataBufferLimitException;
import org.springframework.core.io.buffer.DataBufferUtils;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.http.server.reactive.ServerHttpRequestDecorator;
import org.springframework.stereotype.Component;
import org.springframework.util.unit.DataSize;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Refuses a body larger than the services read (413) before it is forwarded: a service that
 * refused it half-read would close the connection under other requests. A declared length is
 * checked at once. A body sent without one (chunked) is read here up to the limit and forwarded
 * with its length, so one that passes the limit is refused before any service or circuit
 * breaker sees it. A route may allow more in its {@code max-body-size} metadata (file uploads).
 */
@Component
class BodySizeLimitFilter implements GlobalFilter, Ordered {

    /** Route metadata: the largest body the route takes, where it differs from the default. */
    static final String MAX_BODY_SIZE = "max-body-size";

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
        long limit = limitOf(exchange);
        HttpHeaders headers = exchange.getRequest().getHeaders();
        long declared = headers.getContentLength();
        if (declared > limit) {
            return Mono.error(tooLarge(limit));
        }
        if (declared >= 0 || !headers.containsHeader(HttpHeaders.TRANSFER_ENCODING)) {
            return chain.filter(exchange);
        }
        return DataBufferUtils.join(exchange.getRequest().getBody(), Math.toIntExact(limit))
                .onErrorMap(DataBufferLimitException.class, overLimit -> tooLarge(limit))
                .flatMap(body -> {
                    BufferedBody buffered = new BufferedBody(exchange.getRequest(), body);
                    return chain.filter(exchange.mutate().request(buffered).build()).doFinally(signal -> buffered.releaseUnread());
                })
                .switchIfEmpty(Mono.defer(() -> chain.filter(exchange)));
    }

    private long limitOf(ServerWebExchange exchange) {
        Route route = exchange.getAttribute(ServerWebExchangeUtils.GATEWAY_ROUTE_ATTR);
        Object routeLimit = route == null ? null : route.getMetadata().get(MAX_BODY_SIZE);
        return routeLimit == null ? maxBytes : DataSize.parse(routeLimit.toString()).toBytes();
    }

    /**
     * The rest of the body is not read, so the connection cannot carry another request: it ends
     * once the client has sent the body, within the bounds of the connection's lingering close.
     */
    private static ApiException tooLarge(long limit) {
        HttpHeaders closing = new HttpHeaders();
        closing.setConnection("close");
        return new ApiException(HttpStatus.CONTENT_TOO_LARGE, "Request body is larger than " + limit + " bytes", closing);
    }

    /** A chunked body read whole, forwarded with its length; released here if nothing read it. */
    private static final class BufferedBody extends ServerHttpRequestDecorator {

        private final DataBuffer body;
        private final HttpHeaders headers;
        private final AtomicBoolean read = new AtomicBoolean();

        BufferedBody(ServerHttpRequest request, DataBuffer body) {
            super(request);
            this.body = body;
            this.headers = new HttpHeaders();
            this.headers.putAll(request.getHeaders());
            this.headers.remove(HttpHeaders.TRANSFER_ENCODING);
            this.headers.setContentLength(body.readableByteCount());
        }

        @Override
        public HttpHeaders getHeaders() {
            return headers;
        }

        @Override
        public Flux<DataBuffer> getBody() {
            return Flux.defer(() -> read.compareAndSet(false, true) ? Flux.just(body) : Flux.empty());
        }

        void releaseUnread() {
            if (read.compareAndSet(false, true)) {
                DataBufferUtils.release(body);
            }
        }
    }
}
