package io.engagement.customer.ticket;

import io.engagement.platform.validation.ObjectSchema;
import io.engagement.platform.validation.Rules;

import java.util.List;

import static io.engagement.platform.validation.ObjectSchema.optional;
import static io.engagement.platform.validation.ObjectSchema.required;

/**
 * A ticket to open. {@code tags} are checked against the organization's ticketing tags and
 * {@code customerId} against its customers once the body is valid.
 */
record NewTicket(String subject, String description, String customerId, String email, List<String> tags, String conversationId) {

    static final ObjectSchema SCHEMA = ObjectSchema.of(
            required("subject", Rules.string().stripped().minLength(1).maxLength(200)),
            required("description", Rules.string().stripped().minLength(1).maxLength(10_000)),
            optional("customer_id", Rules.string().minLength(1).maxLength(64)),
            optional("email", Rules.string().email()),
            optional("tags", Rules.list(Rules.string()).maxItems(TicketingSettings.MAX_TAGS)),
            optional("conversation_id", Rules.string().pattern("^cnv_[A-Za-z0-9_]{1,60}$")));

    List<String> tagsOrNone() {
        return tags == null ? List.of() : tags;
    }
}
