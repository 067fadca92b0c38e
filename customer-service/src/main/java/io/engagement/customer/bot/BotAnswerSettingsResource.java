package io.engagement.customer.bot;

import io.engagement.platform.auth.OrgContext;
import io.engagement.platform.settings.OrganizationSettings;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

/** {@code /external/v1/settings/bot}: read, and replaced whole. */
@RestController
@RequestMapping("/external/v1/settings/bot")
class BotAnswerSettingsResource {

    private final OrganizationSettings<BotAnswerSettings> settings;

    BotAnswerSettingsResource(OrganizationSettings<BotAnswerSettings> settings) {
        this.settings = settings;
    }

    @GetMapping
    Mono<BotAnswerSettings> get(ServerWebExchange exchange) {
        return settings.read(OrgContext.ofDataKey(exchange).organizationId());
    }

    @PutMapping
    Mono<BotAnswerSettings> replace(ServerWebExchange exchange) {
        return settings.replace(OrgContext.ofDataKey(exchange).organizationId(), exchange);
    }
}
