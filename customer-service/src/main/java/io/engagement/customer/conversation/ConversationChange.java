package io.engagement.customer.conversation;

import io.engagement.platform.error.ErrorDetail;
import io.engagement.platform.event.ConversationView;
import io.engagement.platform.validation.DateTimeRule;
import io.engagement.platform.validation.Loc;
import io.engagement.platform.validation.ObjectSchema;
import io.engagement.platform.validation.Rules;
import io.engagement.platform.validation.Violations;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

import static io.engagement.platform.validation.ObjectSchema.optional;

/**
 * An agent's {@code PATCH}: each field optional, an absent one left as it is; {@code assignee_email:
 * null} unassigns. Snoozing needs a {@code snoozed_until} in the future; a {@code snoozed_until}
 * alone snoozes. {@code tags} are checked against the ticketing tags once the body is valid.
 */
record ConversationChange(Optional<String> status, boolean assigneeGiven, String assigneeEmail, Optional<List<String>> tags,
                          Optional<Instant> snoozedUntil) {

    static final ObjectSchema SCHEMA = ObjectSchema.of(
                    optional("status", Rules.string().oneOf(ConversationView.STATUSES.toArray(String[]::new))),
                    optional("assignee_email", Rules.string().email()),
                    optional("tags", Rules.list(Rules.string()).maxItems(100)),
                    optional("snoozed_until", Rules.dateTime()))
            .forbiddingExtra()
            .checking(ConversationChange::snoozeInTheFuture);

    static ConversationChange of(JsonNode accepted, List<String> spelledTags) {
        Optional<Instant> until = Optional.ofNullable(accepted.get("snoozed_until")).filter(node -> !node.isNull()).map(DateTimeRule::instantOf);
        Optional<String> status = Optional.ofNullable(accepted.get("status")).filter(node -> !node.isNull()).map(JsonNode::asString)
                .or(() -> until.map(snoozed -> ConversationView.SNOOZED));
        boolean assigneeGiven = accepted.has("assignee_email");
        return new ConversationChange(status, assigneeGiven,
                assigneeGiven && !accepted.get("assignee_email").isNull() ? accepted.get("assignee_email").asString() : null,
                Optional.ofNullable(accepted.get("tags")).filter(JsonNode::isArray).map(given -> spelledTags), until);
    }

    /** The tags a body names, from the fields that passed the schema, even when others did not. */
    static List<String> tagsOf(JsonNode accepted) {
        JsonNode tags = accepted.get("tags");
        return tags == null || !tags.isArray() ? List.of() : tags.valueStream().map(JsonNode::asString).toList();
    }

    private static void snoozeInTheFuture(JsonNode input, ObjectNode accepted, Loc loc, List<ErrorDetail> errors) {
        boolean snoozing = "snoozed".equals(input.path("status").asString(null)) || input.has("snoozed_until") && !input.get("snoozed_until").isNull();
        if (!snoozing) {
            return;
        }
        JsonNode until = accepted.get("snoozed_until");
        if (until == null || until.isNull()) {
            if (!input.has("snoozed_until") || input.get("snoozed_until").isNull()) {
                errors.add(Violations.missing(loc.field("snoozed_until"), null));
            }
            return;
        }
        if (!DateTimeRule.instantOf(until).isAfter(Instant.now())) {
            errors.add(Violations.valueError(loc.field("snoozed_until"), until.asString(), "snoozed_until must be in the future"));
        }
    }
}
