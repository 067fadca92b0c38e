package io.engagement.customer.widget;

import io.engagement.platform.auth.OrgContext;
import io.engagement.platform.error.ApiException;
import io.engagement.platform.event.OrganizationPolicies;
import io.engagement.platform.settings.OrganizationSettings;
import io.engagement.platform.validation.JsonBodyReader;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

/**
 * {@code /external/v1/settings/widget}: read, and replaced whole. Switching white label on needs the
 * premium plan. Settings stored while it was premium stay as they are after a downgrade, but read as
 * what is in force (white label off), so that saving what was read never fails; an upgrade brings
 * the stored choice back. {@code GET .../widget/plan} says which plan the organization is on, for a
 * form that shows why the box is disabled.
 */
@RestController
@RequestMapping("/external/v1/settings/widget")
class WidgetSettingsResource {

    private final OrganizationSettings<WidgetSettings> settings;
    private final OrganizationPolicies policies;
    private final JsonBodyReader bodies;

    WidgetSettingsResource(OrganizationSettings<WidgetSettings> settings, OrganizationPolicies policies, JsonBodyReader bodies) {
        this.settings = settings;
        this.policies = policies;
        this.bodies = bodies;
    }

    @GetMapping
    Mono<WidgetSettings> get(ServerWebExchange exchange) {
        long organizationId = OrgContext.of(exchange).organizationId();
        return settings.read(organizationId).flatMap(stored -> inForce(organizationId, stored));
    }

    @GetMapping("/plan")
    Mono<Plan> plan(ServerWebExchange exchange) {
        return policies.of(OrgContext.of(exchange).organizationId()).map(policy -> new Plan(policy.plan(), policy.premium()));
    }

    @PutMapping
    Mono<WidgetSettings> replace(ServerWebExchange exchange) {
        long organizationId = OrgContext.of(exchange).organizationId();
        return bodies.read(exchange, settings.kind().schema(), WidgetSettings.class)
                .flatMap(requested -> allowed(organizationId, requested))
                .flatMap(requested -> settings.replace(organizationId, requested, exchange));
    }

    private Mono<WidgetSettings> inForce(long organizationId, WidgetSettings stored) {
        return !stored.whiteLabel() ? Mono.just(stored)
                : policies.of(organizationId).map(policy -> policy.premium() ? stored : stored.withoutWhiteLabel());
    }

    private Mono<WidgetSettings> allowed(long organizationId, WidgetSettings requested) {
        if (!requested.whiteLabel()) {
            return Mono.just(requested);
        }
        return policies.of(organizationId).flatMap(policy -> policy.premium()
                ? Mono.just(requested)
                : Mono.error(ApiException.forbidden("white label needs the premium plan")));
    }

    /** The organization's plan, and whether it allows white label. */
    record Plan(String plan, boolean whiteLabelAvailable) {
    }
}
