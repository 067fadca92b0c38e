package io.engagement.gateway.routing;

import io.github.resilience4j.circuitbreaker.CircuitBreakerConfig;
import io.github.resilience4j.timelimiter.TimeLimiterConfig;
import org.springframework.cloud.circuitbreaker.resilience4j.ReactiveResilience4JCircuitBreakerFactory;
import org.springframework.cloud.circuitbreaker.resilience4j.Resilience4JConfigBuilder;
import org.springframework.cloud.client.circuitbreaker.Customizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import java.time.Duration;

/**
 * One circuit breaker per service (named after it): it opens when half of the last 20 calls
 * failed, and its time limiter bounds every call by the service's timeout.
 */
@Configuration(proxyBeanMethods = false)
class CircuitBreakers {

    @Bean
    Customizer<ReactiveResilience4JCircuitBreakerFactory> serviceCircuitBreakers(RoutingProperties routing) {
        return factory -> factory.configureDefault(service -> new Resilience4JConfigBuilder(service)
                .timeLimiterConfig(TimeLimiterConfig.custom().timeoutDuration(routing.timeoutOf(service)).build())
                .circuitBreakerConfig(CircuitBreakerConfig.custom()
                        .slidingWindowSize(20)
                        .minimumNumberOfCalls(10)
                        .failureRateThreshold(50)
                        .waitDurationInOpenState(Duration.ofSeconds(5))
                        .permittedNumberOfCallsInHalfOpenState(3)
                        .build())
                .build());
    }
}
