package io.engagement.customer.company;

import io.engagement.platform.validation.ObjectSchema;
import io.engagement.platform.validation.Rules;

import static io.engagement.platform.validation.ObjectSchema.optional;
import static io.engagement.platform.validation.ObjectSchema.required;

/** A company to create, alone or in a bulk request. */
record NewCompany(
        String companyName,
        String companyEmail,
        String companyStatus,
        String description,
        String industry,
        String website,
        String phone,
        String address) {

    static final String DEFAULT_STATUS = "lead";
    static final String[] STATUSES = {"active", "prospect", "on_hold", "churned", "lead", "inactive"};

    static final ObjectSchema SCHEMA = ObjectSchema.of(
            required("company_name", Rules.string().minLength(1).maxLength(255)),
            required("company_email", Rules.string().email()),
            optional("company_status", Rules.string().oneOf(STATUSES)),
            optional("description", Rules.string().maxLength(5000)),
            optional("industry", Rules.string().maxLength(255)),
            optional("website", Rules.string().maxLength(2048)),
            optional("phone", Rules.string().maxLength(64)),
            optional("address", Rules.string().maxLength(1000)));

    String statusOrDefault() {
        return companyStatus == null ? DEFAULT_STATUS : companyStatus;
    }
}
