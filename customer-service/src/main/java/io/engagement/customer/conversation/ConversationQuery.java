package io.engagement.customer.conversation;

import io.engagement.platform.event.ConversationView;
import io.engagement.platform.page.PageRequest;
import io.engagement.platform.validation.ParamReader;

import java.util.Optional;

/**
 * {@code GET /external/v1/conversations}: each filter optional, newest activity first. {@code q}
 * matches, ignoring case, message content (private notes included), the visitor's name, e-mail and
 * WhatsApp number.
 */
record ConversationQuery(PageRequest page, Optional<String> status, Optional<String> assigneeEmail, Optional<Boolean> unassigned,
                         Optional<String> channel, Optional<String> customerId, Optional<String> q) {

    static ConversationQuery from(ParamReader query) {
        ConversationQuery parsed = new ConversationQuery(
                PageRequest.from(query),
                Optional.ofNullable(query.literal("status", null, ConversationView.STATUSES)),
                query.string("assignee_email"),
                query.bool("unassigned"),
                Optional.ofNullable(query.literal("channel", null, ConversationView.CHANNELS)),
                query.string("customer_id"),
                query.string("q").map(String::strip).filter(text -> !text.isEmpty()));
        query.validate();
        return parsed;
    }
}
