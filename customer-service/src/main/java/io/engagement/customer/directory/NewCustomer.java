package io.engagement.customer.directory;

import io.engagement.platform.validation.ObjectSchema;
import io.engagement.platform.validation.Rules;

import static io.engagement.platform.validation.ObjectSchema.optional;
import static io.engagement.platform.validation.ObjectSchema.required;

/** A customer to create; {@code companyId} is the company's public id. */
record NewCustomer(
        String name,
        String email,
        String whatsappNumber,
        String source,
        String ip,
        String city,
        String country,
        String location,
        String latitude,
        String longitude,
        Boolean isActive,
        String companyId) {

    static final ObjectSchema SCHEMA = ObjectSchema.of(
            required("name", Rules.string().minLength(1).maxLength(255)),
            required("email", Rules.string().email()),
            required("source", Rules.string().minLength(1).maxLength(100)),
            optional("whatsapp_number", Rules.string().maxLength(32)),
            optional("ip", Rules.string().maxLength(64)),
            optional("city", Rules.string().maxLength(255)),
            optional("country", Rules.string().maxLength(255)),
            optional("location", Rules.string().maxLength(255)),
            optional("latitude", Rules.string().maxLength(64)),
            optional("longitude", Rules.string().maxLength(64)),
            optional("is_active", Rules.bool()),
            optional("company_id", Rules.string().maxLength(64)));

    /** Customers are active unless the client says otherwise. */
    boolean activeOrDefault() {
        return isActive == null || isActive;
    }
}
