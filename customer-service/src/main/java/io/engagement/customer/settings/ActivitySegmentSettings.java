package io.engagement.customer.settings;

import io.engagement.platform.error.ErrorDetail;
import io.engagement.platform.validation.Loc;
import io.engagement.platform.validation.ObjectSchema;
import io.engagement.platform.validation.Rules;
import io.engagement.platform.validation.Violations;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

import java.util.List;

import static io.engagement.platform.validation.ObjectSchema.required;

/**
 * An organization's activity segment thresholds: how many days after a customer was last seen they
 * stop being {@code active}, {@code slightly_active} and {@code dormant}. Strictly ascending.
 */
public record ActivitySegmentSettings(int activeDays, int slightlyActiveDays, int dormantDays) {

    static final ActivitySegmentSettings DEFAULTS = new ActivitySegmentSettings(7, 30, 60);

    private static final int MAX_DAYS = 3650;
    private static final List<String> ASCENDING = List.of("active_days", "slightly_active_days", "dormant_days");

    /** {@code PUT} replaces the whole object: every field required, nothing else allowed. */
    static final ObjectSchema SCHEMA = ObjectSchema.of(
                    required("active_days", Rules.integer().min(1).max(MAX_DAYS)),
                    required("slightly_active_days", Rules.integer().min(1).max(MAX_DAYS)),
                    required("dormant_days", Rules.integer().min(1).max(MAX_DAYS)))
            .forbiddingExtra()
            .checking(ActivitySegmentSettings::refuseNotAscending);

    /** Each threshold above the one before; the fault sits at the later field, the one out of order. */
    private static void refuseNotAscending(JsonNode input, ObjectNode accepted, Loc loc, List<ErrorDetail> errors) {
        for (int i = 1; i < ASCENDING.size(); i++) {
            String earlier = ASCENDING.get(i - 1);
            String later = ASCENDING.get(i);
            if (accepted.has(earlier) && accepted.has(later) && accepted.get(later).asLong() <= accepted.get(earlier).asLong()) {
                errors.add(Violations.valueError(loc.field(later), input.get(later), later + " must be greater than " + earlier));
            }
        }
    }
}
