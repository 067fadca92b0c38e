package io.engagement.messaging.reminder;

import io.engagement.platform.event.Topics;
import io.engagement.platform.settings.OrganizationSettings;
import io.engagement.platform.settings.SettingsKind;
import io.engagement.platform.settings.SettingsResources;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Reminder settings, kept here because the messaging service sends what they schedule; changes on {@code engagement.messaging-settings.v1}. */
@Configuration(proxyBeanMethods = false)
class ReminderSettingsConfiguration {

    static final SettingsKind<ReminderSettings> KIND = new SettingsKind<>("reminders", "reminder_settings",
            Topics.MESSAGING_SETTINGS, ReminderSettings.SCHEMA, ReminderSettings.class, ReminderSettings.DEFAULTS);

    @Bean
    OrganizationSettings<ReminderSettings> reminderSettings(SettingsResources resources) {
        return resources.of(KIND);
    }
}
