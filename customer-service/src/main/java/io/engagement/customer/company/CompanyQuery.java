package io.engagement.customer.company;

import io.engagement.platform.page.PageRequest;
import io.engagement.platform.validation.ParamReader;

import java.util.List;
import java.util.Optional;

/** The company list's query parameters. */
record CompanyQuery(
        PageRequest page,
        Optional<String> search,
        Optional<String> status,
        Optional<String> industry,
        String sortBy,
        boolean ascending) {

    static final List<String> SEARCHED = List.of("company_name", "company_email", "website");
    static final List<String> SORTABLE = List.of(
            "id", "company_id", "company_name", "company_email", "company_status", "description", "industry",
            "website", "phone", "address", "organization_id", "time_created", "time_updated");

    static CompanyQuery from(ParamReader query) {
        String status = query.literal("status", null, List.of(NewCompany.STATUSES));
        CompanyQuery parsed = new CompanyQuery(
                PageRequest.from(query),
                query.string("search").filter(text -> !text.isBlank()),
                Optional.ofNullable(status),
                query.string("industry"),
                query.literal("sort_by", "time_created", SORTABLE),
                query.literal("sort_order", "desc", List.of("asc", "desc")).equals("asc"));
        query.validate();
        return parsed;
    }
}
