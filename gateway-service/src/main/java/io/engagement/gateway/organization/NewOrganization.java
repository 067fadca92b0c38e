package io.engagement.gateway.organization;

import io.engagement.platform.validation.ObjectSchema;
import io.engagement.platform.validation.Rules;

import static io.engagement.platform.validation.ObjectSchema.required;

/** {@code POST /admin/v1/organizations} body. */
record NewOrganization(String name) {

    static final ObjectSchema SCHEMA = ObjectSchema.of(
            required("name", Rules.string().stripped().minLength(1).maxLength(200)));
}
