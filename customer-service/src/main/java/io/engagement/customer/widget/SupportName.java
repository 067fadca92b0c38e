package io.engagement.customer.widget;

import io.engagement.platform.settings.OrganizationSettings;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/** The name the widget gives the organization's team: what a visitor calls an agent who has no name of their own. */
@Component
public class SupportName {

    private final OrganizationSettings<WidgetSettings> settings;

    SupportName(OrganizationSettings<WidgetSettings> settings) {
        this.settings = settings;
    }

    public Mono<String> of(long organizationId) {
        return settings.read(organizationId).map(WidgetSettings::supportName);
    }
}
