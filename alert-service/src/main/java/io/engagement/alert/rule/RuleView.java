package io.engagement.alert.rule;

import com.fasterxml.jackson.annotation.JsonInclude;

import java.time.Instant;
import java.util.List;

/** A rule as the API shows it; the signing secret only in the answer that created it. */
record RuleView(String ruleId, String name, String type, double threshold, String frequency, List<Channel> channels,
                QuietHours quietHours, double confidenceThreshold, boolean enabled, Instant timeCreated,
                Instant timeUpdated, @JsonInclude(JsonInclude.Include.NON_NULL) String signingSecret) {

    static RuleView of(AlertRule rule) {
        return of(rule, false);
    }

    static RuleView of(AlertRule rule, boolean withSecret) {
        return new RuleView(rule.ruleId(), rule.name(), rule.type(), rule.threshold(), rule.frequency(), rule.channels(),
                rule.quietHours(), rule.confidenceThreshold(), rule.enabled(), rule.timeCreated(), rule.timeUpdated(),
                withSecret ? rule.signingSecret() : null);
    }
}
