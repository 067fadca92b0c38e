package io.engagement.customer.settings;

import io.engagement.platform.event.Topics;
import io.engagement.platform.settings.OrganizationSettings;
import io.engagement.platform.settings.SettingsKind;
import io.engagement.platform.settings.SettingsResources;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Activity-segment thresholds, kept here because customer-service computes the segments; changes on {@code engagement.customer.v1}. */
@Configuration(proxyBeanMethods = false)
class ActivitySegmentSettingsConfiguration {

    static final SettingsKind<ActivitySegmentSettings> KIND = new SettingsKind<>("activity-segments", "activity_segment_settings",
            Topics.CUSTOMER, ActivitySegmentSettings.SCHEMA, ActivitySegmentSettings.class, ActivitySegmentSettings.DEFAULTS);

    @Bean
    OrganizationSettings<ActivitySegmentSettings> activitySegmentSettings(SettingsResources resources) {
        return resources.of(KIND);
    }
}
