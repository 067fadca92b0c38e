package io.engagement.customer.settings;

import io.engagement.platform.auth.OrgContext;
import io.engagement.platform.validation.JsonBodyReader;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;
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

    private final ActivitySegmentSettingsStore store;
    private final ActivitySegmentSettingsEvents events;
    private final ActivitySegmentThresholds thresholds;
    private final JsonBodyReader bodies;

    ActivitySegmentSettingsResource(ActivitySegmentSettingsStore store, ActivitySegmentSettingsEvents events,
                                    ActivitySegmentThresholds thresholds, JsonBodyReader bodies) {
        this.store = store;
        this.events = events;
        this.thresholds = thresholds;
        this.bodies = bodies;
    }

    @EventListener(ApplicationReadyEvent.class)
    void prepare() {
        events.recoverPending();
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
                .doOnNext(events::published)
                .map(ActivitySegmentSettingsStore::fromDocument)
                .doOnNext(written -> thresholds.replaced(organizationId, written));
    }
}
