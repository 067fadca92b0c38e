package io.engagement.customer.widget;

import io.engagement.platform.event.Topics;
import io.engagement.platform.settings.OrganizationSettings;
import io.engagement.platform.settings.SettingsKind;
import io.engagement.platform.settings.SettingsResources;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The chat widget's settings, kept where its configuration is answered; changes on {@code engagement.customer.v1}. */
@Configuration(proxyBeanMethods = false)
class WidgetSettingsConfiguration {

    static final SettingsKind<WidgetSettings> KIND = new SettingsKind<>("widget", "widget_settings",
            Topics.CUSTOMER, WidgetSettings.SCHEMA, WidgetSettings.class, WidgetSettings.DEFAULTS);

    @Bean
    OrganizationSettings<WidgetSettings> widgetSettings(SettingsResources resources) {
        return resources.of(KIND);
    }
}
