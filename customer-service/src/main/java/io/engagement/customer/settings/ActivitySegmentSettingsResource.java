package io.engagement.customer.settings;

import io.engagement.platform.auth.OrgContext;
import io.engagement.platform.event.EntityOutbox;
import io.engagement.platform.validation.JsonBodyReader;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

import java.util.List;

/** {@code /external/v1/settings/activity-segments}: read, and replaced whole. */
@RestController
@RequestMapping("/external/v1/settings/activity-segments")
class ActivitySegmentSettingsResource {

    private final ActivitySegmentSettingsStore store;
    private final EntityOutbox<ActivitySegmentsChanged> events;
    private final ActivitySegmentThresholds thresholds;
    private final JsonBodyReader bodies;

    ActivitySegmentSettingsResource(ActivitySegmentSettingsStore store, EntityOutbox<ActivitySegmentsChanged> events,
                                    ActivitySegmentThresholds thresholds, JsonBodyReader bodies) {
        this.store = store;
        this.events = events;
        this.thresholds = thresholds;
        this.bodies = bodies;
    }

    @GetMapping
    Mono<ActivitySegmentSettings> get(ServerWebExchange exchange) {
        return store.findOrCreate(OrgContext.of(exchange).organizationId());
    }

    @PutMapping
    Mono<ActivitySegmentSettings> replace(ServerWebExchange exchange) {
        long organizationId = OrgContext.of(exchange).organizationId();
        return bodies.read(exchange, ActivitySegmentSettings.SCHEMA, ActivitySegmentSettings.class)
                .flatMap(settings -> store.replace(organizationId, settings))
                .doOnNext(written -> events.publish(List.of(written)))
                .map(ActivitySegmentSettingsStore::fromDocument)
                .doOnNext(written -> thresholds.replaced(organizationId, written));
    }
}
