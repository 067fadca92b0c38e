package io.engagement.analytics.replay;

import io.engagement.platform.auth.OrgContext;
import io.engagement.platform.settings.OrganizationSettings;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

/** {@code /external/v1/settings/replay}: read, and replaced whole. */
@RestController
@RequestMapping("/external/v1/settings/replay")
class ReplaySettingsResource {

    private final OrganizationSettings<ReplaySettings> settings;

    ReplaySettingsResource(OrganizationSettings<ReplaySettings> settings) {
        this.settings = settings;
    }

    @GetMapping
    Mono<ReplaySettings> get(ServerWebExchange exchange) {
        return settings.read(OrgContext.of(exchange).organizationId());
    }

    @PutMapping
    Mono<ReplaySettings> replace(ServerWebExchange exchange) {
        return settings.replace(OrgContext.of(exchange).organizationId(), exchange);
    }
}
