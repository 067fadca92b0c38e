package io.engagement.customer.metric;

import io.engagement.platform.validation.ObjectSchema;
import io.engagement.platform.validation.Rules;

import static io.engagement.platform.validation.ObjectSchema.optional;
import static io.engagement.platform.validation.ObjectSchema.required;

/** {@code POST .../customers/metrics} body. */
record NewMetric(String name, String description, String dataType) {

    static final ObjectSchema SCHEMA = ObjectSchema.of(
            required("name", Rules.string().stripped().minLength(1).maxLength(255)),
            optional("description", Rules.string().maxLength(5000)),
            required("data_type", Rules.string().oneOf(DataType.NAMES)));
}
