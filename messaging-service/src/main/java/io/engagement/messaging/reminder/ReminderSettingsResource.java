package io.engagement.messaging.reminder;

import io.engagement.platform.auth.OrgContext;
import io.engagement.platform.settings.OrganizationSettings;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

/** {@code /external/v1/settings/reminders}: read, and replaced whole. */
@RestController
@RequestMapping("/external/v1/settings/reminders")
class ReminderSettingsResource {

    private final OrganizationSettings<ReminderSettings> settings;

    ReminderSettingsResource(OrganizationSettings<ReminderSettings> settings) {
        this.settings = settings;
    }

    @GetMapping
    Mono<ReminderSettings> get(ServerWebExchange exchange) {
        return settings.read(OrgContext.of(exchange).organizationId());
    }

    @PutMapping
    Mono<ReminderSettings> replace(ServerWebExchange exchange) {
        return settings.replace(OrgContext.of(exchange).organizationId(), exchange);
    }
}
