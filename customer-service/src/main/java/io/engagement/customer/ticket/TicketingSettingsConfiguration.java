package io.engagement.customer.ticket;

import io.engagement.platform.event.Topics;
import io.engagement.platform.settings.OrganizationSettings;
import io.engagement.platform.settings.SettingsKind;
import io.engagement.platform.settings.SettingsResources;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The ticketing settings, kept beside the tickets they steer; changes on {@code engagement.ticket.v1}. */
@Configuration(proxyBeanMethods = false)
class TicketingSettingsConfiguration {

    static final SettingsKind<TicketingSettings> KIND = new SettingsKind<>("ticketing", "ticketing_settings", Topics.TICKET,
            TicketingSettings.SCHEMA, TicketingSettings.class, TicketingSettings.DEFAULTS);

    @Bean
    OrganizationSettings<TicketingSettings> ticketingSettings(SettingsResources resources) {
        return resources.of(KIND);
    }
}
