package io.engagement.gateway.organization;

import io.engagement.platform.audit.AuditTrail;
import io.engagement.platform.error.ApiException;
import io.engagement.platform.event.AuditRecorded;
import io.engagement.platform.event.OrganizationPolicy;
import io.engagement.platform.validation.JsonBodyReader;
import org.springframework.data.mongodb.core.query.Update;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

import java.util.Map;
import java.util.Objects;

/**
 * The admin API of an organization's settings that services follow: retention, telemetry redaction
 * and the plan. A change is stored and published (see {@link OrganizationPolicyEvents}), and the
 * gateway's tokens carry it from the next request on ({@link OrganizationPolicyCache}); the answer
 * is the setting as stored.
 */
@RestController
@RequestMapping("/admin/v1/organizations/{organization_id}")
class OrganizationPolicyResource {

    private static final AuditRecorded.Actor OPERATOR = new AuditRecorded.Actor("operator", null, null, null);

    private final OrganizationStore organizations;
    private final OrganizationPolicyCache policies;
    private final JsonBodyReader bodies;
    private final AuditTrail audit;

    OrganizationPolicyResource(OrganizationStore organizations, OrganizationPolicyCache policies, JsonBodyReader bodies, AuditTrail audit) {
        this.audit = audit;
        this.organizations = organizations;
        this.policies = policies;
        this.bodies = bodies;
    }

    @GetMapping("/retention")
    Mono<RetentionSettings> retention(ServerWebExchange exchange) {
        return policyOf(AdminPath.organizationId(exchange)).map(RetentionSettings::of);
    }

    @PutMapping("/retention")
    Mono<RetentionSettings> changeRetention(ServerWebExchange exchange) {
        long organizationId = AdminPath.organizationId(exchange);
        return bodies.read(exchange, RetentionSettings.SCHEMA, RetentionSettings.class)
                .flatMap(settings -> change(organizationId, OrganizationStore.retentionChange(settings.retention())))
                .map(RetentionSettings::of);
    }

    @GetMapping("/redaction")
    Mono<RedactionSettings> redaction(ServerWebExchange exchange) {
        return policyOf(AdminPath.organizationId(exchange)).map(RedactionSettings::of);
    }

    @PutMapping("/redaction")
    Mono<RedactionSettings> changeRedaction(ServerWebExchange exchange) {
        long organizationId = AdminPath.organizationId(exchange);
        return bodies.read(exchange, RedactionSettings.SCHEMA, RedactionSettings.class)
                .flatMap(settings -> change(organizationId, OrganizationStore.redactionChange(settings.distinct())))
                .map(RedactionSettings::of);
    }

    @GetMapping("/plan")
    Mono<OrganizationPlan> plan(ServerWebExchange exchange) {
        long organizationId = AdminPath.organizationId(exchange);
        return policyOf(organizationId).map(policy -> OrganizationPlan.of(organizationId, policy));
    }

    @PutMapping("/plan")
    Mono<OrganizationPlan> changePlan(ServerWebExchange exchange) {
        long organizationId = AdminPath.organizationId(exchange);
        return bodies.read(exchange, OrganizationPlan.SCHEMA, OrganizationPlan.Change.class)
                .flatMap(change -> policyOf(organizationId).flatMap(before -> change(organizationId, OrganizationStore.planChange(change.plan()))
                        .flatMap(after -> Objects.equals(before.plan(), after.plan()) ? Mono.just(after)
                                : audit.record(organizationId, "organization.plan_changed", OPERATOR,
                                        new AuditRecorded.Target("organization", Long.toString(organizationId)), exchange.getRequest(),
                                        Map.of("from", String.valueOf(before.plan()), "to", String.valueOf(after.plan()))).thenReturn(after))))
                .map(policy -> OrganizationPlan.of(organizationId, policy));
    }

    private Mono<OrganizationPolicy> policyOf(long organizationId) {
        return organizations.policyOf(organizationId).switchIfEmpty(Mono.error(() -> ApiException.notFound("Organization")));
    }

    private Mono<OrganizationPolicy> change(long organizationId, Update change) {
        return organizations.changePolicy(organizationId, change)
                .switchIfEmpty(Mono.error(() -> ApiException.notFound("Organization")))
                .doOnNext(changed -> policies.changed(organizationId, changed));
    }
}
