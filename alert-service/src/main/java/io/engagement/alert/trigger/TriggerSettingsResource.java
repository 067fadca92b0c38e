package io.engagement.alert.trigger;

import io.engagement.platform.auth.OrgContext;
import io.engagement.platform.settings.OrganizationSettings;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

/** {@code /external/v1/settings/alert-triggers}: read, and replaced whole. */
@RestController
@RequestMapping("/external/v1/settings/alert-triggers")
class TriggerSettingsResource {

    private final OrganizationSettings<TriggerSettings> settings;
    private final TriggerDirectory directory;

    TriggerSettingsResource(OrganizationSettings<TriggerSettings> settings, TriggerDirectory directory) {
        this.settings = settings;
        this.directory = directory;
    }

    @GetMapping
    Mono<TriggerSettings> get(ServerWebExchange exchange) {
        return settings.read(OrgContext.of(exchange).organizationId());
    }

    @PutMapping
    Mono<TriggerSettings> replace(ServerWebExchange exchange) {
        long organizationId = OrgContext.of(exchange).organizationId();
        return settings.replace(organizationId, exchange).doOnNext(written -> directory.evict(organizationId));
    }
}
