package io.engagement.customer.supporthours;

import io.engagement.platform.event.Topics;
import io.engagement.platform.settings.OrganizationSettings;
import io.engagement.platform.settings.SettingsKind;
import io.engagement.platform.settings.SettingsResources;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Support hours, kept beside the chat widget that shows them; changes on {@code engagement.customer.v1}. */
@Configuration(proxyBeanMethods = false)
class SupportHoursConfiguration {

    static final SettingsKind<SupportHoursSettings> KIND = new SettingsKind<>("support-hours", "support_hours_settings",
            Topics.CUSTOMER, SupportHoursSettings.SCHEMA, SupportHoursSettings.class, SupportHoursSettings.DEFAULTS);

    @Bean
    OrganizationSettings<SupportHoursSettings> supportHoursSettings(SettingsResources resources) {
        return resources.of(KIND);
    }
}
