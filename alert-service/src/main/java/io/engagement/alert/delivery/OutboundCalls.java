package io.engagement.alert.delivery;

import io.engagement.alert.target.TargetGuard;
import io.github.resilience4j.circuitbreaker.CircuitBreakerConfig;
import io.github.resilience4j.circuitbreaker.CircuitBreakerRegistry;
import io.github.resilience4j.reactor.circuitbreaker.operator.CircuitBreakerOperator;
import io.github.resilience4j.reactor.timelimiter.TimeLimiterOperator;
import io.github.resilience4j.timelimiter.TimeLimiter;
import io.github.resilience4j.timelimiter.TimeLimiterConfig;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.stereotype.Component;
import org.springframework.web.reactive.function.client.WebClientResponseException;
import reactor.core.publisher.Mono;

import java.net.URI;
import java.time.Duration;

/**
 * Every outbound delivery call: the address guard first (names are resolved again before every
 * send), then a time limit, inside a circuit breaker per target host and port, so a dead receiver
 * fails fast instead of tying up attempts meant for others.
 */
@Component
@EnableConfigurationProperties(DeliverySettings.class)
class OutboundCalls {

    private final TargetGuard guard;
    private final CircuitBreakerRegistry breakers;
    private final TimeLimiter timeLimiter;

    OutboundCalls(TargetGuard guard, DeliverySettings settings) {
        this.guard = guard;
        this.breakers = CircuitBreakerRegistry.of(CircuitBreakerConfig.custom()
                .slidingWindowSize(10)
                .minimumNumberOfCalls(5)
                .failureRateThreshold(50)
                .waitDurationInOpenState(Duration.ofSeconds(30))
                .permittedNumberOfCallsInHalfOpenState(1)
                .build());
        this.timeLimiter = TimeLimiter.of(TimeLimiterConfig.custom().timeoutDuration(settings.timeout()).build());
    }

    /** A call to a client-named target, which must pass the address guard. */
    <T> Mono<T> toTarget(URI target, Mono<T> call) {
        return guard.refusal(target)
                .flatMap(refused -> refused.<Mono<T>>map(reason -> Mono.error(new PermanentFailure(reason)))
                        .orElseGet(() -> guarded(target, call)));
    }

    /** A call to one of the suite's own services. */
    <T> Mono<T> toService(URI target, Mono<T> call) {
        return guarded(target, call);
    }

    private <T> Mono<T> guarded(URI target, Mono<T> call) {
        String breaker = target.getHost() + ":" + target.getPort();
        return call
                .transformDeferred(TimeLimiterOperator.of(timeLimiter))
                .transformDeferred(CircuitBreakerOperator.of(breakers.circuitBreaker(breaker)));
    }

    /** A 4xx other than 408, 409 and 429 means the request itself is refused: retrying cannot help. */
    static boolean isRefusal(Throwable failure) {
        if (failure instanceof WebClientResponseException response) {
            int status = response.getStatusCode().value();
            return status >= 400 && status < 500 && status != 408 && status != 409 && status != 429;
        }
        return false;
    }
}
