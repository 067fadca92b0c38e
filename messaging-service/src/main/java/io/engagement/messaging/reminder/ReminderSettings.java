package io.engagement.messaging.reminder;

import io.engagement.platform.error.ErrorDetail;
import io.engagement.platform.validation.Loc;
import io.engagement.platform.validation.ObjectSchema;
import io.engagement.platform.validation.Rules;
import io.engagement.platform.validation.Violations;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static io.engagement.platform.validation.ObjectSchema.required;

/**
 * An organization's follow-up schedule for unanswered messages: whether reminders are sent, how
 * many minutes after the message each one goes (strictly ascending, at most a week), and on which
 * channels.
 */
public record ReminderSettings(boolean enabled, List<Integer> intervalsMinutes, List<String> channels) {

    static final ReminderSettings DEFAULTS = new ReminderSettings(false, List.of(60, 1440), List.of("email"));

    static final int MAX_INTERVALS = 10;
    /** A week: a reminder later than that follows up nothing anyone still waits on. */
    static final int MAX_MINUTES = 10_080;
    static final String[] CHANNELS = {"email", "sms", "whatsapp", "push"};

    /** {@code PUT} replaces the whole object: every field required, nothing else allowed. */
    static final ObjectSchema SCHEMA = ObjectSchema.of(
                    required("enabled", Rules.bool()),
                    required("intervals_minutes", Rules.list(Rules.integer().min(1).max(MAX_MINUTES)).minItems(1).maxItems(MAX_INTERVALS)),
                    required("channels", Rules.list(Rules.string().oneOf(CHANNELS)).maxItems(CHANNELS.length)))
            .forbiddingExtra()
            .checking(ReminderSettings::refuseNotAscending)
            .checking(ReminderSettings::refuseRepeatedChannels);

    public ReminderSettings {
        intervalsMinutes = List.copyOf(intervalsMinutes);
        channels = List.copyOf(channels);
    }

    /** Each interval after the one before; the fault sits at the later element, the one out of order. */
    private static void refuseNotAscending(JsonNode input, ObjectNode accepted, Loc loc, List<ErrorDetail> errors) {
        JsonNode intervals = accepted.get("intervals_minutes");
        if (intervals == null) {
            return;
        }
        for (int i = 1; i < intervals.size(); i++) {
            if (intervals.get(i).asLong() <= intervals.get(i - 1).asLong()) {
                errors.add(Violations.valueError(loc.field("intervals_minutes").index(i), input.get("intervals_minutes").get(i),
                        "intervals_minutes must be strictly ascending"));
            }
        }
    }

    /** A channel named twice is a fault at its second mention. */
    private static void refuseRepeatedChannels(JsonNode input, ObjectNode accepted, Loc loc, List<ErrorDetail> errors) {
        JsonNode channels = accepted.get("channels");
        if (channels == null) {
            return;
        }
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < channels.size(); i++) {
            if (!seen.add(channels.get(i).asString())) {
                errors.add(Violations.valueError(loc.field("channels").index(i), input.get("channels").get(i),
                        "channels must not repeat a channel"));
            }
        }
    }
}
