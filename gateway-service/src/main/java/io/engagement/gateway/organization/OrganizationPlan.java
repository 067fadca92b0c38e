package io.engagement.gateway.organization;

import io.engagement.platform.event.OrganizationPolicy;
import io.engagement.platform.validation.ObjectSchema;
import io.engagement.platform.validation.Rules;

import static io.engagement.platform.validation.ObjectSchema.required;

/**
 * What {@code GET} and {@code PUT /admin/v1/organizations/{organization_id}/plan} answer: the plan
 * decides what the organization may switch on (a white-label chat widget needs {@code premium}).
 */
record OrganizationPlan(long organizationId, String plan) {

    /** The {@code PUT} body, {@link Change}. */
    static final ObjectSchema SCHEMA = ObjectSchema.of(
            required("plan", Rules.string().oneOf(OrganizationPolicy.PLANS.toArray(String[]::new))));

    static OrganizationPlan of(long organizationId, OrganizationPolicy policy) {
        return new OrganizationPlan(organizationId, policy.plan());
    }

    record Change(String plan) {
    }
}
