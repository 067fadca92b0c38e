package io.engagement.analytics.replay;

import io.engagement.platform.event.TopicDeclarations;
import io.engagement.platform.event.Topics;
import io.engagement.platform.settings.OrganizationSettings;
import io.engagement.platform.settings.SettingsKind;
import io.engagement.platform.settings.SettingsResources;
import org.apache.kafka.clients.admin.NewTopic;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Replay settings, kept here because this service serves the SDK and keeps the recordings; changes on {@code engagement.analytics-settings.v1}. */
@Configuration(proxyBeanMethods = false)
class ReplaySettingsConfiguration {

    static final SettingsKind<ReplaySettings> KIND = new SettingsKind<>("replay", "replay_settings",
            Topics.ANALYTICS_SETTINGS, ReplaySettings.SCHEMA, ReplaySettings.class, ReplaySettings.DEFAULTS);

    @Bean
    OrganizationSettings<ReplaySettings> replaySettings(SettingsResources resources) {
        return resources.of(KIND);
    }

    @Bean
    NewTopic analyticsSettingsTopic() {
        return TopicDeclarations.of(Topics.ANALYTICS_SETTINGS);
    }
}
