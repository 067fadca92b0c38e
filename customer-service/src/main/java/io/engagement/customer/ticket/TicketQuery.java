package io.engagement.customer.ticket;

import io.engagement.platform.page.PageRequest;
import io.engagement.platform.validation.ParamReader;

import java.util.Optional;

/** {@code GET /external/v1/tickets}: each filter optional, newest first. */
record TicketQuery(PageRequest page, Optional<String> status, Optional<String> tag, Optional<String> assigneeEmail,
                   Optional<String> customerId) {

    static TicketQuery from(ParamReader query) {
        TicketQuery parsed = new TicketQuery(
                PageRequest.from(query),
                Optional.ofNullable(query.literal("status", null, Ticket.STATUSES)),
                query.string("tag"),
                query.string("assignee_email"),
                query.string("customer_id"));
        query.validate();
        return parsed;
    }
}
