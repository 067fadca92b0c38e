package io.engagement.customer.widget;

import io.engagement.customer.supporthours.OpeningStatus;
import io.engagement.customer.ticket.TicketingSettings;
import io.engagement.platform.auth.OrgContext;
import io.engagement.platform.event.OrganizationPolicies;
import io.engagement.platform.event.OrganizationPolicy;
import io.engagement.platform.settings.OrganizationSettings;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

import java.time.Instant;

/** {@code GET /widget/v1/config}: the chat widget's configuration, for the public key the gateway let through. */
@RestController
class WidgetConfigResource {

    private final OrganizationSettings<WidgetSettings> settings;
    private final OpeningStatus opening;
    private final OrganizationPolicies policies;
    private final OrganizationSettings<TicketingSettings> ticketing;

    WidgetConfigResource(OrganizationSettings<WidgetSettings> settings, OpeningStatus opening, OrganizationPolicies policies,
                         OrganizationSettings<TicketingSettings> ticketing) {
        this.settings = settings;
        this.opening = opening;
        this.policies = policies;
        this.ticketing = ticketing;
    }

    @GetMapping("/widget/v1/config")
    Mono<WidgetConfig> config(ServerWebExchange exchange) {
        long organizationId = OrgContext.of(exchange).organizationId();
        return Mono.zip(settings.read(organizationId), policies.of(organizationId).map(OrganizationPolicy::premium),
                        opening.of(organizationId, Instant.now()), ticketing.read(organizationId).map(TicketingSettings::userTicketsEnabled))
                .map(read -> WidgetConfig.of(read.getT1(), read.getT2(), read.getT3(), read.getT4()));
    }
}
