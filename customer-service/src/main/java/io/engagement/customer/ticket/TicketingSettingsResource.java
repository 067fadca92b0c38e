package io.engagement.customer.ticket;

import io.engagement.platform.auth.OrgContext;
import io.engagement.platform.settings.OrganizationSettings;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

/** {@code /external/v1/settings/ticketing}: read, and replaced whole. */
@RestController
@RequestMapping("/external/v1/settings/ticketing")
class TicketingSettingsResource {

    private final OrganizationSettings<TicketingSettings> settings;

    TicketingSettingsResource(OrganizationSettings<TicketingSettings> settings) {
        this.settings = settings;
    }

    @GetMapping
    Mono<TicketingSettings> get(ServerWebExchange exchange) {
        return settings.read(OrgContext.ofDataKey(exchange).organizationId());
    }

    @PutMapping
    Mono<TicketingSettings> replace(ServerWebExchange exchange) {
        return settings.replace(OrgContext.ofDataKey(exchange).organizationId(), exchange);
    }
}
