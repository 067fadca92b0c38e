package io.engagement.customer.supporthours;

import io.engagement.platform.auth.OrgContext;
import io.engagement.platform.settings.OrganizationSettings;
import io.engagement.platform.validation.ParamReader;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

import java.time.Instant;

/** {@code /external/v1/settings/support-hours}: read, replaced whole, and whether support is open. */
@RestController
@RequestMapping("/external/v1/settings/support-hours")
class SupportHoursResource {

    private final OrganizationSettings<SupportHoursSettings> settings;
    private final OpeningStatus status;

    SupportHoursResource(OrganizationSettings<SupportHoursSettings> settings, OpeningStatus status) {
        this.settings = settings;
        this.status = status;
    }

    @GetMapping
    Mono<SupportHoursSettings> get(ServerWebExchange exchange) {
        return settings.read(OrgContext.of(exchange).organizationId());
    }

    @PutMapping
    Mono<SupportHoursSettings> replace(ServerWebExchange exchange) {
        return settings.replace(OrgContext.of(exchange).organizationId(), exchange);
    }

    /** {@code ?at=<date-time>}, now by default. */
    @GetMapping("/status")
    Mono<SupportHours.Status> status(ServerWebExchange exchange) {
        long organizationId = OrgContext.of(exchange).organizationId();
        ParamReader query = ParamReader.query(exchange);
        Instant at = query.dateTime("at").orElseGet(Instant::now);
        query.validate();
        return status.of(organizationId, at);
    }
}
