package io.engagement.alert.detection;

import io.engagement.alert.rule.AlertRule;

import java.util.List;

/** An organization's enabled rules, as detection reads them with every fact (the rule cache in the service). */
@FunctionalInterface
interface RuleSource {

    List<AlertRule> enabledRules(long organizationId);
}
