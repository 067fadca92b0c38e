package io.engagement.customer.company;

import io.engagement.platform.validation.ObjectSchema;
import io.engagement.platform.validation.Rules;

import java.util.List;

import static io.engagement.platform.validation.ObjectSchema.required;

/** {@code POST .../customers/companies/bulk}: at most 50 companies, created all or none. */
record NewCompanies(List<NewCompany> companies) {

    static final int MAX = 50;

    static final ObjectSchema SCHEMA = ObjectSchema.of(
            required("companies", Rules.list(NewCompany.SCHEMA).minItems(1).maxItems(MAX)));
}
