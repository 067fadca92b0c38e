package io.engagement.gateway.routing;

import org.springframework.cloud.gateway.filter.GatewayFilterChain;
import org.springframework.cloud.gateway.filter.GlobalFilter;
import org.springframework.cloud.gateway.filter.ReactiveLoadBalancerClientFilter;
import org.springframework.cloud.gateway.support.ServerWebExchangeUtils;
import org.springframework.core.Ordered;
import org.springframework.stereotype.Component;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

import java.net.ConnectException;
import java.net.URI;

/**
 * A replica that has just stopped refuses connections until the next readiness probe takes it out of
 * rotation. A refused connection never reached the service, so the request is sent once more, to the
 * next replica, whatever its method; a timeout or a reset mid-request is not retried, since the service
 * may have acted on it.
 */
@Component
class ReplicaFailover implements GlobalFilter, Ordered {

    @Override
    public int getOrder() {
        // after the route's URL is known, before the load balancer resolves it to one replica
        return ReactiveLoadBalancerClientFilter.LOAD_BALANCER_CLIENT_FILTER_ORDER - 1;
    }

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, GatewayFilterChain chain) {
        URI serviceUrl = exchange.getAttribute(ServerWebExchangeUtils.GATEWAY_REQUEST_URL_ATTR);
        return chain.filter(exchange).onErrorResume(ReplicaFailover::refused, refused -> {
            if (exchange.getResponse().isCommitted()) {
                return Mono.error(refused);
            }
            ServerWebExchangeUtils.reset(exchange);
            exchange.getAttributes().put(ServerWebExchangeUtils.GATEWAY_REQUEST_URL_ATTR, serviceUrl);
            return chain.filter(exchange);
        });
    }

    private static boolean refused(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof ConnectException) {
                return true;
            }
        }
        return false;
    }
}
