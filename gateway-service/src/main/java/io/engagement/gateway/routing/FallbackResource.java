package io.engagement.gateway.routing;

import io.engagement.platform.error.ApiException;
import org.springframework.cloud.gateway.support.ServerWebExchangeUtils;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ResponseStatusException;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

/** Where the circuit breaker sends a request whose service is down or too slow: 503, at once. */
@RestController
class FallbackResource {

    static final String PATH = "/fallback/";

    @RequestMapping(PATH + "{service}")
    Mono<Void> unavailable(@PathVariable String service, ServerWebExchange exchange) {
        if (exchange.getAttribute(ServerWebExchangeUtils.CIRCUITBREAKER_EXECUTION_EXCEPTION_ATTR) == null) {
            return Mono.error(new ResponseStatusException(HttpStatus.NOT_FOUND));
        }
        return Mono.error(ApiException.unavailable(service + " is unavailable, try again shortly"));
    }
}
