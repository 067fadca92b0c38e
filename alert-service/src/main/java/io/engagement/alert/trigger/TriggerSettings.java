package io.engagement.alert.trigger;

import io.engagement.alert.rule.QuietHours;
import io.engagement.platform.error.ErrorDetail;
import io.engagement.platform.validation.Loc;
import io.engagement.platform.validation.ObjectSchema;
import io.engagement.platform.validation.Rules;
import io.engagement.platform.validation.Violations;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

import java.util.List;

import static io.engagement.platform.validation.ObjectSchema.optional;
import static io.engagement.platform.validation.ObjectSchema.required;

/**
 * An organization's alert triggers: the eight prompts session intelligence may raise for one end
 * user's session, each on or off with its own confidence threshold and message, and the quiet
 * hours during which prompts wait. All are off until the organization turns them on.
 */
public record TriggerSettings(Trigger technicalAssistance, Trigger apiFailure, Trigger reEngagement,
                              Trigger billingAbandonment, Trigger slowFailingActions, UpsellTrigger upsell,
                              Trigger onboarding, FeatureDiscoveryTrigger featureDiscovery, QuietHours quietHours) {

    static final double DEFAULT_CONFIDENCE_THRESHOLD = 70;
    static final int MAX_MESSAGE = 500;
    static final int MAX_COLLECTIONS = 50;

    static final TriggerSettings DEFAULTS = new TriggerSettings(
            Trigger.off("Having trouble? We can help: start a chat with support."),
            Trigger.off("Something went wrong on our side. We are on it; support can help in the meantime."),
            Trigger.off("Welcome back! Here is what is new since your last visit."),
            Trigger.off("Questions about plans or billing? We are happy to help you choose."),
            Trigger.off("Things seem slow right now. Sorry about that; support can help if you are stuck."),
            new UpsellTrigger(false, DEFAULT_CONFIDENCE_THRESHOLD, "You are getting a lot out of your plan. See what the next one adds.", null, null),
            Trigger.off("Welcome! Take a quick tour to get started."),
            new FeatureDiscoveryTrigger(false, DEFAULT_CONFIDENCE_THRESHOLD, "Have you tried this yet? Take a look at what it can do for you.", List.of()),
            null);

    /** {@code PUT} replaces the whole object: every trigger required, nothing else allowed. */
    static final ObjectSchema SCHEMA = ObjectSchema.of(
                    required(TriggerName.TECHNICAL_ASSISTANCE, trigger()),
                    required(TriggerName.API_FAILURE, trigger()),
                    required(TriggerName.RE_ENGAGEMENT, trigger()),
                    required(TriggerName.BILLING_ABANDONMENT, trigger()),
                    required(TriggerName.SLOW_FAILING_ACTIONS, trigger()),
                    required(TriggerName.UPSELL, trigger()
                            .and(optional("metric", Rules.string().stripped().minLength(1).maxLength(200)),
                                    optional("value", Rules.number()))
                            .checking(TriggerSettings::refuseUpsellWithoutMetric)),
                    required(TriggerName.ONBOARDING, trigger()),
                    required(TriggerName.FEATURE_DISCOVERY, trigger()
                            .and(optional("collection_ids", Rules.list(Rules.string().stripped().minLength(1).maxLength(200))
                                    .maxItems(MAX_COLLECTIONS)))
                            .checking(TriggerSettings::refuseDiscoveryWithoutCollections)),
                    optional("quiet_hours", QuietHours.SCHEMA))
            .forbiddingExtra();

    public Trigger of(String name) {
        return switch (name) {
            case TriggerName.TECHNICAL_ASSISTANCE -> technicalAssistance;
            case TriggerName.API_FAILURE -> apiFailure;
            case TriggerName.RE_ENGAGEMENT -> reEngagement;
            case TriggerName.BILLING_ABANDONMENT -> billingAbandonment;
            case TriggerName.SLOW_FAILING_ACTIONS -> slowFailingActions;
            case TriggerName.UPSELL -> upsell.asTrigger();
            case TriggerName.ONBOARDING -> onboarding;
            case TriggerName.FEATURE_DISCOVERY -> featureDiscovery.asTrigger();
            default -> throw new IllegalArgumentException("unknown trigger " + name);
        };
    }

    private static ObjectSchema trigger() {
        return ObjectSchema.of(
                required("enabled", Rules.bool()),
                optional("confidence_threshold", Rules.number().min(0).max(100)),
                required("message", Rules.string().stripped().minLength(1).maxLength(MAX_MESSAGE))).forbiddingExtra();
    }

    /** An upsell that is on needs the metric to watch and the value at which it fires. */
    private static void refuseUpsellWithoutMetric(JsonNode input, ObjectNode accepted, Loc loc, List<ErrorDetail> errors) {
        if (!accepted.path("enabled").asBoolean(false)) {
            return;
        }
        for (String field : List.of("metric", "value")) {
            if (!input.has(field) || input.get(field).isNull()) {
                errors.add(Violations.missing(loc.field(field), input));
            }
        }
    }

    /** A feature discovery that is on needs at least one collection to look for. */
    private static void refuseDiscoveryWithoutCollections(JsonNode input, ObjectNode accepted, Loc loc, List<ErrorDetail> errors) {
        if (!accepted.path("enabled").asBoolean(false)) {
            return;
        }
        JsonNode ids = input.get("collection_ids");
        if (ids == null || ids.isNull()) {
            errors.add(Violations.missing(loc.field("collection_ids"), input));
        } else if (ids.isArray() && ids.isEmpty()) {
            errors.add(Violations.tooShort(loc.field("collection_ids"), ids, 1, 0));
        }
    }

    /** One trigger's switch, how sure a match must be (0–100; 70 when not given) and what the prompt says. */
    public record Trigger(boolean enabled, Double confidenceThreshold, String message) {

        public Trigger {
            confidenceThreshold = confidenceThreshold == null ? DEFAULT_CONFIDENCE_THRESHOLD : confidenceThreshold;
        }

        static Trigger off(String message) {
            return new Trigger(false, DEFAULT_CONFIDENCE_THRESHOLD, message);
        }
    }

    /** Upsell: fires when the session's company has {@code metric} at or over {@code value}. */
    public record UpsellTrigger(boolean enabled, Double confidenceThreshold, String message, String metric, Double value) {

        public UpsellTrigger {
            confidenceThreshold = confidenceThreshold == null ? DEFAULT_CONFIDENCE_THRESHOLD : confidenceThreshold;
        }

        Trigger asTrigger() {
            return new Trigger(enabled, confidenceThreshold, message);
        }
    }

    /** Feature discovery: fires for a customer of 14 days and more who never viewed a page of these collections. */
    public record FeatureDiscoveryTrigger(boolean enabled, Double confidenceThreshold, String message, List<String> collectionIds) {

        public FeatureDiscoveryTrigger {
            confidenceThreshold = confidenceThreshold == null ? DEFAULT_CONFIDENCE_THRESHOLD : confidenceThreshold;
            collectionIds = collectionIds == null ? List.of() : List.copyOf(collectionIds);
        }

        Trigger asTrigger() {
            return new Trigger(enabled, confidenceThreshold, message);
        }
    }
}
