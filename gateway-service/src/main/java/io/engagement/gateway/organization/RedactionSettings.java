package io.engagement.gateway.organization;

import io.engagement.platform.event.OrganizationPolicy;
import io.engagement.platform.validation.ObjectSchema;
import io.engagement.platform.validation.Rules;

import java.util.List;

import static io.engagement.platform.validation.ObjectSchema.required;

/**
 * {@code PUT /admin/v1/organizations/{organization_id}/redaction} body, and what GET answers: the
 * names of {@link OrganizationPolicy#REDACTABLE} this organization's telemetry keeps.
 */
record RedactionSettings(List<String> optOut) {

    static final ObjectSchema SCHEMA = ObjectSchema.of(
            required("opt_out", Rules.list(Rules.string().oneOf(OrganizationPolicy.REDACTABLE.toArray(String[]::new)))
                    .maxItems(OrganizationPolicy.REDACTABLE.size())));

    static RedactionSettings of(OrganizationPolicy policy) {
        return new RedactionSettings(policy.redactionOptOut());
    }

    /** Each name once, in the order given. */
    List<String> distinct() {
        return optOut.stream().distinct().toList();
    }
}
