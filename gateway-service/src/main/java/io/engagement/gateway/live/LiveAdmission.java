package io.engagement.gateway.live;

import io.engagement.platform.auth.InternalToken;
import io.engagement.platform.auth.KeyKind;
import io.engagement.platform.auth.OrgContext;
import io.engagement.platform.auth.ReusedTokens;
import io.engagement.platform.error.ApiException;
import org.springframework.cloud.client.loadbalancer.reactive.ReactorLoadBalancerExchangeFilterFunction;
import org.springframework.cloud.gateway.filter.GatewayFilter;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.web.reactive.function.client.WebClient;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/**
 * Lets a live connection in, or refuses it with 401 before the protocol switches: once switched, a
 * refusal could only be a close frame, which a client cannot tell from a dropped connection. A
 * visitor's token is checked by the service that holds visitors (the route's public key already
 * passed); an agent's ticket is redeemed here. Either way the gateway names who connects in a
 * reserved header, which it strips from every client's request.
 */
@Configuration(proxyBeanMethods = false)
class LiveAdmission {

    static final String VISITOR_HEADER = "X-Engagement-Live-Visitor";
    static final String AGENT_HEADER = "X-Engagement-Live-Agent";
    private static final String VISITOR_TOKEN = "visitor_token";
    private static final String VISITOR_TOKEN_HEADER = "X-Visitor-Token";

    /** Route filter {@code VisitorLiveAdmission}. */
    @Bean
    org.springframework.cloud.gateway.filter.factory.GatewayFilterFactory<Object> visitorLiveAdmissionGatewayFilterFactory(
            ReactorLoadBalancerExchangeFilterFunction balanced) {
        WebClient customers = WebClient.builder().filter(balanced).build();
        return Factory.of("VisitorLiveAdmission", (exchange, chain) -> {
            String token = visitorToken(exchange.getRequest());
            if (token == null) {
                return Mono.error(ApiException.unauthorized("A visitor token is required"));
            }
            return customers.get().uri("http://customer/widget/v1/visitors/me")
                    .header(InternalToken.HEADER, exchange.getRequest().getHeaders().getFirst(InternalToken.HEADER))
                    .header(VISITOR_TOKEN_HEADER, token)
                    .exchangeToMono(answer -> answer.statusCode().is2xxSuccessful() ? answer.bodyToMono(JsonNode.class)
                            : answer.statusCode().value() == 401 ? Mono.error(ApiException.unauthorized("Unknown or revoked visitor token"))
                            : Mono.error(ApiException.unavailable("customer-service is unavailable")))
                    .map(visitor -> with(exchange, VISITOR_HEADER, visitor.get("visitor_id").asString()))
                    .flatMap(chain::filter);
        });
    }

    /** Route filter {@code AgentLiveAdmission}. */
    @Bean
    org.springframework.cloud.gateway.filter.factory.GatewayFilterFactory<Object> agentLiveAdmissionGatewayFilterFactory(
            LiveTickets tickets, InternalToken internalTokens) {
        ReusedTokens tokens = new ReusedTokens(internalTokens);
        return Factory.of("AgentLiveAdmission", (exchange, chain) -> {
            String ticket = exchange.getRequest().getQueryParams().getFirst("ticket");
            if (ticket == null || ticket.isBlank()) {
                return Mono.error(ApiException.unauthorized("A live ticket is required"));
            }
            return tickets.redeem(ticket.strip())
                    .switchIfEmpty(Mono.error(() -> ApiException.unauthorized("Unknown, used or expired live ticket")))
                    .map(admitted -> {
                        ServerHttpRequest request = exchange.getRequest().mutate().headers(headers -> {
                            headers.set(InternalToken.HEADER, tokens.tokenFor(new OrgContext(admitted.organizationId(), KeyKind.DATA)));
                            headers.set(AGENT_HEADER, admitted.agentEmail());
                        }).build();
                        return exchange.mutate().request(request).build();
                    })
                    .flatMap(chain::filter);
        });
    }

    private static String visitorToken(ServerHttpRequest request) {
        String token = request.getQueryParams().getFirst(VISITOR_TOKEN);
        if (token == null || token.isBlank()) {
            token = request.getHeaders().getFirst(VISITOR_TOKEN_HEADER);
        }
        return token == null || token.isBlank() ? null : token.strip();
    }

    private static ServerWebExchange with(ServerWebExchange exchange, String header, String value) {
        return exchange.mutate().request(exchange.getRequest().mutate().header(header, value).build()).build();
    }

    /** A route filter without arguments, named as routes name it. */
    private static final class Factory extends org.springframework.cloud.gateway.filter.factory.AbstractGatewayFilterFactory<Object> {

        private final String name;
        private final GatewayFilter filter;

        private Factory(String name, GatewayFilter filter) {
            super(Object.class);
            this.name = name;
            this.filter = filter;
        }

        static Factory of(String name, GatewayFilter filter) {
            return new Factory(name, filter);
        }

        @Override
        public String name() {
            return name;
        }

        @Override
        public GatewayFilter apply(Object config) {
            return filter;
        }
    }
}
