package io.engagement.customer.supporthours;

import io.engagement.platform.settings.OrganizationSettings;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

import java.time.Instant;

/** Whether an organization's support is open at an instant, by its support hours as stored. */
@Component
public class OpeningStatus {

    private final OrganizationSettings<SupportHoursSettings> settings;

    OpeningStatus(OrganizationSettings<SupportHoursSettings> settings) {
        this.settings = settings;
    }

    public Mono<SupportHours.Status> of(long organizationId, Instant at) {
        return settings.read(organizationId).map(SupportHours::of).map(hours -> hours.at(at));
    }
}
