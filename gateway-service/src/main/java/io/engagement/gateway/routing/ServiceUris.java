package io.engagement.gateway.routing;

import org.springframework.boot.context.properties.ConfigurationProperties;

import java.net.URI;
import java.util.List;
import java.util.Map;

/**
 * Where each service behind the gateway answers ({@code ENGAGEMENT_SERVICES_CUSTOMER}, ...): one
 * address behind a Kubernetes Service, or a comma-separated list of replicas the gateway balances over.
 *
 * The gateway balances round robin among the replicas whose readiness probe answers (checked every
 * 2 s, {@code SPRING_CLOUD_LOADBALANCER_HEALTH_CHECK_INTERVAL}; when no probe answers, all of them),
 * and sends a refused connection once more, to the next replica.
 *
 * @param customer  the customer service's address, or its replicas' comma-separated
 * @param analytics the collection analytics service's
 * @param messaging the messaging service's
 * @param alert     the alert service's
 */
@ConfigurationProperties("engagement.services")
public record ServiceUris(List<URI> customer, List<URI> analytics, List<URI> messaging, List<URI> alert) {

    public ServiceUris {
        customer = List.copyOf(customer);
        analytics = List.copyOf(analytics);
        messaging = List.copyOf(messaging);
        alert = List.copyOf(alert);
    }

    public Map<String, List<URI>> byName() {
        return Map.of("customer", customer, "analytics", analytics, "messaging", messaging, "alert", alert);
    }

    List<URI> replicasOf(String service) {
        List<URI> replicas = byName().get(service);
        if (replicas == null) {
            throw new IllegalArgumentException("no service " + service);
        }
        return replicas;
    }
}
