package io.engagement.gateway.routing;

import org.springframework.boot.context.properties.ConfigurationProperties;

import java.net.URI;
import java.util.Map;

/** Where each service behind the gateway answers ({@code ENGAGEMENT_SERVICES_CUSTOMER}, ...). */
@ConfigurationProperties("engagement.services")
public record ServiceUris(URI customer, URI analytics, URI messaging, URI alert) {

    public Map<String, URI> byName() {
        return Map.of("customer", customer, "analytics", analytics, "messaging", messaging, "alert", alert);
    }
}
