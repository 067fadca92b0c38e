package io.engagement.gateway.organization;

import io.engagement.platform.validation.ObjectSchema;
import io.engagement.platform.validation.Rules;

import static io.engagement.platform.validation.ObjectSchema.optional;
import static io.engagement.platform.validation.ObjectSchema.required;

/** {@code POST /admin/v1/organizations} body; {@code admin_email} is invited as the organization's first admin. */
record NewOrganization(String name, String adminEmail) {

    static final ObjectSchema SCHEMA = ObjectSchema.of(
            required("name", Rules.string().stripped().minLength(1).maxLength(200)),
            optional("admin_email", Rules.string().email()));
}
