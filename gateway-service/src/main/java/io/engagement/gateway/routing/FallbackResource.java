package io.engagement.gateway.routing;

import io.engagement.platform.error.ApiException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
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

    private static final Logger log = LoggerFactory.getLogger(FallbackResource.class);

    static final String PATH = "/fallback/";

    @RequestMapping(PATH + "{service}")
    Mono<Void> unavailable(@PathVariable String service, ServerWebExchange exchange) {
        Throwable cause = exchange.getAttribute(ServerWebExchangeUtils.CIRCUITBREAKER_EXECUTION_EXCEPTION_ATTR);
        if (cause == null) {
            return Mono.error(new ResponseStatusException(HttpStatus.NOT_FOUND));
        }
        log.debug("{} answered 503 for {}: {}", service, exchange.getRequest().getPath(), cause.toString());
        return Mono.error(ApiException.unavailable(service + " is unavailable, try again shortly"));
    }
}
