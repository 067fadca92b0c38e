package io.engagement.customer.directory;

import io.engagement.platform.page.PageRequest;
import io.engagement.platform.validation.ParamReader;

import java.util.List;
import java.util.Optional;

/** {@code GET /external/v1/customers} query parameters, bounded as the contract says. */
record CustomerQuery(
        PageRequest page,
        Optional<String> search,
        Optional<String> source,
        Optional<String> companyId,
        Optional<Boolean> isActive,
        String sortBy,
        boolean ascending) {

    static final List<String> SORTABLE = List.of(
            "id", "customer_id", "name", "email", "whatsapp_number", "source", "ip", "city", "country",
            "location", "latitude", "longitude", "is_active", "organization_id", "company_id",
            "time_created", "time_updated");

    static CustomerQuery from(ParamReader query) {
        CustomerQuery parsed = new CustomerQuery(
                PageRequest.from(query),
                query.string("search").filter(text -> !text.isBlank()),
                query.string("source"),
                query.string("company_id"),
                query.bool("is_active"),
                query.literal("sort_by", "time_created", SORTABLE),
                query.literal("sort_order", "desc", List.of("asc", "desc")).equals("asc"));
        query.validate();
        return parsed;
    }
}
