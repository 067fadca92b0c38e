package io.engagement.gateway.live;

import io.engagement.gateway.key.AuthenticatedKey;
import io.engagement.platform.auth.InternalToken;
import io.engagement.platform.auth.KeyKind;
import io.engagement.platform.auth.OrgContext;
import io.engagement.platform.auth.ReusedTokens;
import io.engagement.platform.error.ApiException;
import org.springframework.cloud.gateway.filter.GatewayFilter;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

/**
 * Lets a live connection in, or refuses it with 401 before the protocol switches: once switched, a
 * refusal could only be a close frame, which a client cannot tell from a dropped connection. A
 * visitor comes with a live ticket (redeemed here) or its token (checked by the service that holds
 * visitors), the route's public key already passed; an agent's ticket is redeemed here. Either way the gateway names who connects in a
 * reserved header, which it strips from every client's request.
 */
@Configuration(proxyBeanMethods = false)
class LiveAdmission {

    static final String VISITOR_HEADER = "X-Engagement-Live-Visitor";
    static final String AGENT_HEADER = "X-Engagement-Live-Agent";
    /** Route filter {@code VisitorLiveAdmission}: a {@code ticket}, or else the visitor token. */
    @Bean
    org.springframework.cloud.gateway.filter.factory.GatewayFilterFactory<Object> visitorLiveAdmissionGatewayFilterFactory(
            VisitorTokens visitorTokens, LiveTickets tickets) {
        return Factory.of("VisitorLiveAdmission", (exchange, chain) -> {
            String ticket = exchange.getRequest().getQueryParams().getFirst("ticket");
            AuthenticatedKey key = exchange.getAttribute(AuthenticatedKey.ATTRIBUTE);
            Mono<String> visitorId = ticket == null || ticket.isBlank()
                    ? visitorTokens.visitorOf(exchange.getRequest().getHeaders().getFirst(InternalToken.HEADER), VisitorTokens.of(exchange.getRequest()))
                    : tickets.redeemVisitor(ticket.strip(), key.context().organizationId()).map(LiveTickets.Admitted::who)
                    .switchIfEmpty(Mono.error(() -> ApiException.unauthorized("Unknown, used or expired live ticket")));
            return visitorId.map(visitor -> with(exchange, VISITOR_HEADER, visitor)).flatMap(chain::filter);
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
                            headers.set(AGENT_HEADER, admitted.who());
                        }).build();
                        return exchange.mutate().request(request).build();
                    })
                    .flatMap(chain::filter);
        });
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
