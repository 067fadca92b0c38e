package io.engagement.alert.delivery;

import io.engagement.alert.target.TargetGuard;
import io.engagement.platform.net.AddressRefusedException;
import io.github.resilience4j.circuitbreaker.CircuitBreakerConfig;
import io.github.resilience4j.circuitbreaker.CircuitBreakerRegistry;
import io.github.resilience4j.reactor.circuitbreaker.operator.CircuitBreakerOperator;
import io.github.resilience4j.reactor.timelimiter.TimeLimiterOperator;
import io.github.resilience4j.timelimiter.TimeLimiter;
import io.github.resilience4j.timelimiter.TimeLimiterConfig;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.stereotype.Component;
import org.springframework.web.reactive.function.client.WebClient;
import reactor.core.publisher.Mono;

import java.net.URI;
import java.time.Duration;
import java.util.function.Function;

/**
 * Every outbound delivery call to a target: its connections pass the address guard, which judges
 * the address actually connected to, not one a check looked up earlier. Each call has a time
 * limit, inside a circuit breaker per host and port, so a dead receiver fails fast instead of
 * tying up attempts meant for others.
 */
@Component
@EnableConfigurationProperties(DeliverySettings.class)
class OutboundCalls {

    private final WebClient targets;
    private final CircuitBreakerRegistry breakers;
    private final TimeLimiter timeLimiter;

    OutboundCalls(TargetGuard guard, DeliverySettings settings) {
        this.targets = DeliveryHttp.toTargets(settings, guard.resolver());
        this.breakers = CircuitBreakerRegistry.of(CircuitBreakerConfig.custom()
                .slidingWindowSize(10)
                .minimumNumberOfCalls(5)
                .failureRateThreshold(50)
                .waitDurationInOpenState(Duration.ofSeconds(30))
                .permittedNumberOfCallsInHalfOpenState(1)
                .build());
        this.timeLimiter = TimeLimiter.of(TimeLimiterConfig.custom().timeoutDuration(settings.timeout()).build());
    }

    /** A call to a client-named target; one the address guard refuses fails the delivery at once, with the guard's reason. */
    <T> Mono<T> toTarget(URI target, Function<WebClient, Mono<T>> call) {
        String breaker = target.getHost() + ":" + target.getPort();
        return Mono.defer(() -> call.apply(targets))
                .onErrorMap(OutboundCalls::permanentIfRefused)
                .transformDeferred(TimeLimiterOperator.of(timeLimiter))
                .transformDeferred(CircuitBreakerOperator.of(breakers.circuitBreaker(breaker)));
    }

    private static Throwable permanentIfRefused(Throwable failure) {
        return AddressRefusedException.in(failure).<Throwable>map(refused -> new PermanentFailure(refused.getMessage())).orElse(failure);
    }
}
