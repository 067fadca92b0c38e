package io.engagement.alert.trigger;

import io.engagement.platform.event.Topics;
import io.engagement.platform.settings.OrganizationSettings;
import io.engagement.platform.settings.SettingsKind;
import io.engagement.platform.settings.SettingsResources;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Alert triggers, kept here because alert-service evaluates them; changes on {@code engagement.alert.v1}. */
@Configuration(proxyBeanMethods = false)
class TriggerSettingsConfiguration {

    static final SettingsKind<TriggerSettings> KIND = new SettingsKind<>("alert-triggers", "alert_trigger_settings",
            Topics.ALERT, TriggerSettings.SCHEMA, TriggerSettings.class, TriggerSettings.DEFAULTS);

    @Bean
    OrganizationSettings<TriggerSettings> alertTriggerSettings(SettingsResources resources) {
        return resources.of(KIND);
    }
}
