package io.engagement.customer.ticket;

import io.engagement.platform.error.ErrorDetail;
import io.engagement.platform.validation.Loc;
import io.engagement.platform.validation.ObjectSchema;
import io.engagement.platform.validation.Rules;
import io.engagement.platform.validation.Violations;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import static io.engagement.platform.validation.ObjectSchema.required;

/**
 * An organization's ticketing: whether end users may open tickets from the widget (with the public
 * key), the tags a ticket may carry, and which tag sends a new ticket to whom.
 *
 * @param autoAssign in order: a new ticket goes to the first rule whose tag it has
 */
public record TicketingSettings(boolean userTicketsEnabled, List<String> tags, List<AutoAssignRule> autoAssign) {

    static final TicketingSettings DEFAULTS = new TicketingSettings(true, List.of("Billing", "Technical", "Sales", "Bug Report"), List.of());

    static final int MAX_TAGS = 100;
    static final int MAX_TAG_LENGTH = 40;
    static final int MAX_RULES = 100;

    /** {@code PUT} replaces the whole object: every field required, nothing else allowed. */
    static final ObjectSchema SCHEMA = ObjectSchema.of(
                    required("user_tickets_enabled", Rules.bool()),
                    required("tags", Rules.list(Rules.string().stripped().minLength(1).maxLength(MAX_TAG_LENGTH)).maxItems(MAX_TAGS)),
                    required("auto_assign", Rules.list(AutoAssignRule.SCHEMA).maxItems(MAX_RULES)))
            .forbiddingExtra()
            .checking(TicketingSettings::refuseDuplicateTags)
            .checking(TicketingSettings::refuseRulesForUnknownTags);

    public TicketingSettings {
        tags = List.copyOf(tags);
        autoAssign = List.copyOf(autoAssign);
    }

    /** The configured spelling of a tag given in any case. */
    Optional<String> tagNamed(String tag) {
        String key = tagKey(tag);
        return tags.stream().filter(configured -> tagKey(configured).equals(key)).findFirst();
    }

    /**
     * A ticket's tags in the configured spelling, each once, in the order given; each element that
     * is not one of the tags adds a fault at {@code at.index(i)} to {@code errors}.
     */
    List<String> ticketTags(List<String> requested, Loc at, List<ErrorDetail> errors) {
        Set<String> tagsOfTicket = new LinkedHashSet<>();
        for (int i = 0; i < requested.size(); i++) {
            Optional<String> configured = tagNamed(requested.get(i));
            if (configured.isEmpty()) {
                errors.add(Violations.valueError(at.index(i), requested.get(i), "tag is not one of the ticketing tags"));
            } else {
                tagsOfTicket.add(configured.get());
            }
        }
        return List.copyOf(tagsOfTicket);
    }

    /** The first rule, in rule order, whose tag the ticket has. */
    Optional<String> assigneeFor(List<String> ticketTags) {
        Set<String> keys = new HashSet<>();
        ticketTags.forEach(tag -> keys.add(tagKey(tag)));
        return autoAssign.stream().filter(rule -> keys.contains(tagKey(rule.tag()))).map(AutoAssignRule::assigneeEmail).findFirst();
    }

    static String tagKey(String tag) {
        return tag.strip().toLowerCase(Locale.ROOT);
    }

    /** Tags are one vocabulary whatever their case: the fault sits at the later of two equal tags. */
    private static void refuseDuplicateTags(JsonNode input, ObjectNode accepted, Loc loc, List<ErrorDetail> errors) {
        JsonNode tags = accepted.get("tags");
        if (tags == null) {
            return;
        }
        Map<String, Integer> first = new HashMap<>();
        for (int i = 0; i < tags.size(); i++) {
            Integer earlier = first.putIfAbsent(tagKey(tags.get(i).asString()), i);
            if (earlier != null) {
                errors.add(Violations.valueError(loc.field("tags").index(i), input.get("tags").get(i),
                        "tag duplicates tags[" + earlier + "] (tags are compared ignoring case)"));
            }
        }
    }

    /** A rule's tag must be one of the tags; matched ignoring case, it is kept in the tags' spelling. */
    private static void refuseRulesForUnknownTags(JsonNode input, ObjectNode accepted, Loc loc, List<ErrorDetail> errors) {
        JsonNode tags = accepted.get("tags");
        JsonNode rules = accepted.get("auto_assign");
        if (tags == null || rules == null) {
            return;
        }
        Map<String, String> spelling = new HashMap<>();
        tags.forEach(tag -> spelling.putIfAbsent(tagKey(tag.asString()), tag.asString()));
        for (int i = 0; i < rules.size(); i++) {
            ObjectNode rule = (ObjectNode) rules.get(i);
            String configured = spelling.get(tagKey(rule.get("tag").asString()));
            if (configured == null) {
                errors.add(Violations.valueError(loc.field("auto_assign").index(i).field("tag"), input.get("auto_assign").get(i).get("tag"),
                        "tag is not one of tags"));
            } else {
                rule.put("tag", configured);
            }
        }
    }

    /** A new ticket with {@code tag} goes to {@code assigneeEmail}. */
    public record AutoAssignRule(String tag, String assigneeEmail) {

        static final ObjectSchema SCHEMA = ObjectSchema.of(
                        required("tag", Rules.string().stripped().minLength(1).maxLength(MAX_TAG_LENGTH)),
                        required("assignee_email", Rules.string().email()))
                .forbiddingExtra();
    }
}
