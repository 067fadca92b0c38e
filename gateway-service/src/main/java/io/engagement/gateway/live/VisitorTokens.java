package io.engagement.gateway.live;

import io.engagement.platform.auth.InternalToken;
import io.engagement.platform.error.ApiException;
import org.springframework.cloud.client.loadbalancer.reactive.ReactorLoadBalancerExchangeFilterFunction;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.stereotype.Component;
import org.springframework.web.reactive.function.client.WebClient;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/**
 * Whose a visitor token is, asked of the service that holds visitors (it keeps tokens only as
 * hashes): for a live connection opened with the token, and for a live ticket traded for it.
 */
@Component
class VisitorTokens {

    static final String QUERY = "visitor_token";
    static final String HEADER = "X-Visitor-Token";

    private final WebClient customers;

    VisitorTokens(ReactorLoadBalancerExchangeFilterFunction balanced) {
        this.customers = WebClient.builder().filter(balanced).build();
    }

    /** The request's visitor token, from its header or its query; null without one. */
    static String of(ServerHttpRequest request) {
        String token = request.getHeaders().getFirst(HEADER);
        if (token == null || token.isBlank()) {
            token = request.getQueryParams().getFirst(QUERY);
        }
        return token == null || token.isBlank() ? null : token.strip();
    }

    /** The token's visitor id, with the organization's internal token; 401 for a missing, unknown or revoked one. */
    Mono<String> visitorOf(String internalToken, String visitorToken) {
        if (visitorToken == null) {
            return Mono.error(ApiException.unauthorized("A visitor token is required"));
        }
        return customers.get().uri("http://customer/widget/v1/visitors/me")
                .header(InternalToken.HEADER, internalToken)
                .header(HEADER, visitorToken)
                .exchangeToMono(answer -> answer.statusCode().is2xxSuccessful() ? answer.bodyToMono(JsonNode.class)
                        : answer.statusCode().value() == 401 ? Mono.error(ApiException.unauthorized("Unknown or revoked visitor token"))
                        : Mono.error(ApiException.unavailable("customer-service is unavailable")))
                .map(visitor -> visitor.get("visitor_id").asString());
    }
}
