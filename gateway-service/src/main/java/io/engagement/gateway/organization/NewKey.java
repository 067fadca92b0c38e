package io.engagement.gateway.organization;

import io.engagement.platform.validation.ObjectSchema;
import io.engagement.platform.validation.Rules;

import static io.engagement.platform.validation.ObjectSchema.required;

/** {@code POST /admin/v1/organizations/{organization_id}/keys} body. */
record NewKey(String kind) {

    static final ObjectSchema SCHEMA = ObjectSchema.of(
            required("kind", Rules.string().oneOf("data", "transactional", "public")));
}
