package io.engagement.gateway.routing;

import org.springframework.boot.context.properties.ConfigurationProperties;

import java.time.Duration;
import java.util.Map;

/**
 * How long the gateway waits for each service before answering 503.
 *
 * @param timeout  the default wait for a service before the gateway answers 503
 * @param timeouts overrides per service ({@code customer}, {@code analytics}, {@code messaging}, {@code alert})
 */
@ConfigurationProperties("engagement.routing")
record RoutingProperties(Duration timeout, Map<String, Duration> timeouts) {

    RoutingProperties {
        timeout = timeout == null ? Duration.ofSeconds(10) : timeout;
        timeouts = timeouts == null ? Map.of() : Map.copyOf(timeouts);
    }

    Duration timeoutOf(String service) {
        return timeouts.getOrDefault(service, timeout);
    }
}
