package io.engagement.customer.metric;

import io.engagement.platform.validation.ObjectSchema;
import io.engagement.platform.validation.Rules;

import static io.engagement.platform.validation.ObjectSchema.required;

/**
 * {@code POST .../customers/companies/{company_id}/metrics} body; ids are public ids. The path's
 * company is the one set; the body's {@code company_id} is required by the contract but not used.
 */
record NewMetricValue(String metricId, String companyId, String value) {

    static final ObjectSchema SCHEMA = ObjectSchema.of(
            required("metric_id", Rules.string().minLength(1).maxLength(64)),
            required("company_id", Rules.string().minLength(1).maxLength(64)),
            required("value", Rules.string().maxLength(10_000)));
}
