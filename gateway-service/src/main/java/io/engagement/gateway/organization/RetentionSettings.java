package io.engagement.gateway.organization;

import io.engagement.platform.event.OrganizationPolicy;
import io.engagement.platform.validation.ObjectSchema;
import io.engagement.platform.validation.Rules;

import static io.engagement.platform.validation.ObjectSchema.required;

/** {@code PUT /admin/v1/organizations/{organization_id}/retention} body, and what GET answers. */
record RetentionSettings(int rawEventDays, int replayDays, int messageBodyDays) {

    /** Ten years at most: longer is no retention policy at all. */
    static final int MAX_DAYS = 3650;

    static final ObjectSchema SCHEMA = ObjectSchema.of(
            required("raw_event_days", Rules.integer().min(1).max(MAX_DAYS)),
            required("replay_days", Rules.integer().min(1).max(MAX_DAYS)),
            required("message_body_days", Rules.integer().min(1).max(MAX_DAYS)));

    static RetentionSettings of(OrganizationPolicy policy) {
        OrganizationPolicy.Retention retention = policy.retention();
        return new RetentionSettings(retention.rawEventDays(), retention.replayDays(), retention.messageBodyDays());
    }

    OrganizationPolicy.Retention retention() {
        return new OrganizationPolicy.Retention(rawEventDays, replayDays, messageBodyDays);
    }
}
