package io.engagement.customer.conversation;

import io.engagement.platform.event.ConversationView;
import io.engagement.platform.page.PageRequest;
import io.engagement.platform.validation.ParamReader;

import java.util.Optional;

/** {@code GET /external/v1/conversations}: each filter optional, newest activity first. */
record ConversationQuery(PageRequest page, Optional<String> status, Optional<String> assigneeEmail, Optional<Boolean> unassigned,
                         Optional<String> channel, Optional<String> customerId) {

    static ConversationQuery from(ParamReader query) {
        ConversationQuery parsed = new ConversationQuery(
                PageRequest.from(query),
                Optional.ofNullable(query.literal("status", null, ConversationView.STATUSES)),
                query.string("assignee_email"),
                query.bool("unassigned"),
                Optional.ofNullable(query.literal("channel", null, ConversationView.CHANNELS)),
                query.string("customer_id"));
        query.validate();
        return parsed;
    }
}
