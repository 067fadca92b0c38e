package io.engagement.customer.directory;

import io.engagement.platform.validation.ObjectSchema;
import io.engagement.platform.validation.Rules;

import java.util.List;

import static io.engagement.platform.validation.ObjectSchema.required;

/** {@code POST .../customers/bulk}: at most 100 customers, created all or none. */
record NewCustomers(List<NewCustomer> customers) {

    static final int MAX = 100;

    static final ObjectSchema SCHEMA = ObjectSchema.of(
            required("customers", Rules.list(NewCustomer.SCHEMA).minItems(1).maxItems(MAX)));
}
