package io.engagement.gateway.limit;

import io.engagement.gateway.organization.AdminPath;
import io.engagement.gateway.organization.OrganizationStore;
import io.engagement.platform.validation.JsonBodyReader;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

/** The admin API's rate limits of one organization: read them, or override the configured ones. */
@RestController
@RequestMapping("/admin/v1/organizations/{organization_id}/rate-limits")
class RateLimitAdminResource {

    private final OrganizationStore organizations;
    private final OrganizationBudgets budgets;
    private final JsonBodyReader bodies;

    RateLimitAdminResource(OrganizationStore organizations, OrganizationBudgets budgets, JsonBodyReader bodies) {
        this.organizations = organizations;
        this.budgets = budgets;
        this.bodies = bodies;
    }

    @GetMapping
    Mono<RateLimitsView> read(ServerWebExchange exchange) {
        long organizationId = AdminPath.organizationId(exchange);
        return organizations.requireExisting(organizationId)
                .then(budgets.overrideOf(organizationId))
                .flatMap(override -> budgets.of(organizationId).map(effective -> RateLimitsView.of(organizationId, effective, override)));
    }

    @PutMapping
    Mono<RateLimitsView> replace(ServerWebExchange exchange) {
        long organizationId = AdminPath.organizationId(exchange);
        return bodies.read(exchange, RateLimitsBody.SCHEMA, RateLimitsBody.class)
                .map(RateLimitsBody::toOverride)
                .flatMap(override -> organizations.requireExisting(organizationId)
                        .then(budgets.override(organizationId, override))
                        .map(effective -> RateLimitsView.of(organizationId, effective, override)));
    }
}
