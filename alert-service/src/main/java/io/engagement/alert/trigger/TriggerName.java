package io.engagement.alert.trigger;

import java.util.List;

/** The eight triggers, by the names the settings and the alert types ({@code trigger.<name>}) use. */
public final class TriggerName {

    public static final String TECHNICAL_ASSISTANCE = "technical_assistance";
    public static final String API_FAILURE = "api_failure";
    public static final String RE_ENGAGEMENT = "re_engagement";
    public static final String BILLING_ABANDONMENT = "billing_abandonment";
    public static final String SLOW_FAILING_ACTIONS = "slow_failing_actions";
    public static final String UPSELL = "upsell";
    public static final String ONBOARDING = "onboarding";
    public static final String FEATURE_DISCOVERY = "feature_discovery";

    public static final List<String> ALL = List.of(TECHNICAL_ASSISTANCE, API_FAILURE, RE_ENGAGEMENT, BILLING_ABANDONMENT,
            SLOW_FAILING_ACTIONS, UPSELL, ONBOARDING, FEATURE_DISCOVERY);

    /** The alert types the triggers raise: {@code trigger.technical_assistance}, ... */
    public static final List<String> ALERT_TYPES = ALL.stream().map(TriggerName::alertType).toList();

    private TriggerName() {
    }

    public static String alertType(String name) {
        return "trigger." + name;
    }
}
