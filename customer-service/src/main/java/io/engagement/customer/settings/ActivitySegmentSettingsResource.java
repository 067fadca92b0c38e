package io.engagement.customer.settings;

import io.engagement.platform.auth.OrgContext;
import io.engagement.platform.settings.OrganizationSettings;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

/** {@code /external/v1/settings/activity-segments}: read, and replaced whole. */
@RestController
@RequestMapping("/external/v1/settings/activity-segments")
class ActivitySegmentSettingsResource {

    private final OrganizationSettings<ActivitySegmentSettings> settings;
    private final ActivitySegmentThresholds thresholds;

    ActivitySegmentSettingsResource(OrganizationSettings<ActivitySegmentSettings> settings, ActivitySegmentThresholds thresholds) {
        this.settings = settings;
        this.thresholds = thresholds;
    }

    @GetMapping
    Mono<ActivitySegmentSettings> get(ServerWebExchange exchange) {
        return settings.read(OrgContext.of(exchange).organizationId());
    }

    @PutMapping
    Mono<ActivitySegmentSettings> replace(ServerWebExchange exchange) {
        long organizationId = OrgContext.of(exchange).organizationId();
        return settings.replace(organizationId, exchange).doOnNext(written -> thresholds.replaced(organizationId, written));
    }
}
