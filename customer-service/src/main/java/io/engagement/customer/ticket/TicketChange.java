package io.engagement.customer.ticket;

import io.engagement.platform.error.ErrorDetail;
import io.engagement.platform.validation.Loc;
import io.engagement.platform.validation.ObjectSchema;
import io.engagement.platform.validation.Rules;
import io.engagement.platform.validation.Violations;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

import java.util.List;
import java.util.Optional;

import static io.engagement.platform.validation.ObjectSchema.optional;

/**
 * A {@code PATCH}: each field optional, an absent one left as it is. {@code assignee_email: null}
 * unassigns the ticket; {@code status} and {@code tags} cannot be {@code null}.
 */
record TicketChange(Optional<String> status, Optional<List<String>> tags, boolean assigneeGiven, String assigneeEmail) {

    static final ObjectSchema SCHEMA = ObjectSchema.of(
                    optional("status", Rules.string().oneOf(Ticket.STATUSES.toArray(String[]::new))),
                    optional("tags", Rules.list(Rules.string()).maxItems(TicketingSettings.MAX_TAGS)),
                    optional("assignee_email", Rules.string().email()))
            .forbiddingExtra()
            .checking(TicketChange::refuseNulls);

    /** From a body that passed {@link #SCHEMA}. */
    static TicketChange of(JsonNode accepted) {
        return new TicketChange(
                Optional.ofNullable(accepted.get("status")).map(JsonNode::asString),
                tagsOf(accepted),
                accepted.has("assignee_email"),
                accepted.has("assignee_email") && !accepted.get("assignee_email").isNull() ? accepted.get("assignee_email").asString() : null);
    }

    /** The tags a body names, from the fields that passed {@link #SCHEMA}, even when others did not. */
    static Optional<List<String>> tagsOf(JsonNode accepted) {
        return Optional.ofNullable(accepted.get("tags")).filter(JsonNode::isArray)
                .map(tags -> tags.valueStream().map(JsonNode::asString).toList());
    }

    boolean isEmpty() {
        return status.isEmpty() && tags.isEmpty() && !assigneeGiven;
    }

    /** An optional field takes {@code null} as "no value"; here that would mean a ticket without a status or tags list. */
    private static void refuseNulls(JsonNode input, ObjectNode accepted, Loc loc, List<ErrorDetail> errors) {
        if (input.has("status") && input.get("status").isNull()) {
            errors.add(Violations.stringType(loc.field("status"), null));
        }
        if (input.has("tags") && input.get("tags").isNull()) {
            errors.add(Violations.listType(loc.field("tags"), null));
        }
    }
}
