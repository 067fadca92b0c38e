package io.engagement.alert.trigger;

/**
 * A customer trigger's match on a session summary.
 *
 * @param mark  what keeps the trigger to once per customer (or per customer and metric, or set of collections)
 * @param scope what names the alert, so a repeat of it is the same alert
 */
record CustomerMatch(TriggerMatch match, String mark, String scope) {
}
