package io.engagement.customer.conversation;

import io.engagement.platform.auth.OrgContext;
import io.engagement.platform.event.Topics;
import io.engagement.platform.settings.OrganizationSettings;
import io.engagement.platform.settings.SettingsKind;
import io.engagement.platform.settings.SettingsResources;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

/** The agents settings, kept beside the conversations they are handed; changes on {@code engagement.customer.v1}. */
@Configuration(proxyBeanMethods = false)
class AgentSettingsConfiguration {

    static final SettingsKind<AgentSettings> KIND = new SettingsKind<>("agents", "agent_settings", Topics.CUSTOMER, AgentSettings.SCHEMA,
            AgentSettings.class, AgentSettings.DEFAULTS);

    @Bean
    OrganizationSettings<AgentSettings> agentSettings(SettingsResources resources) {
        return resources.of(KIND);
    }

    /** {@code /external/v1/settings/agents}: read, and replaced whole. */
    @RestController
    @RequestMapping("/external/v1/settings/agents")
    static class AgentSettingsResource {

        private final OrganizationSettings<AgentSettings> settings;

        AgentSettingsResource(OrganizationSettings<AgentSettings> settings) {
            this.settings = settings;
        }

        @GetMapping
        Mono<AgentSettings> get(ServerWebExchange exchange) {
            return settings.read(OrgContext.ofDataKey(exchange).organizationId());
        }

        @PutMapping
        Mono<AgentSettings> replace(ServerWebExchange exchange) {
            return settings.replace(OrgContext.ofDataKey(exchange).organizationId(), exchange);
        }
    }
}
