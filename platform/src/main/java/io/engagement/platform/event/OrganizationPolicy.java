package io.engagement.platform.event;

import java.util.List;

/**
 * An organization's settings that other services follow, owned by the gateway and published after
 * every change on {@link Topics#ORGANIZATION} ({@code organization.policy.changed}, keyed
 * {@code org:policy}, the latest kept by compaction): privacy (services that store personal data
 * date and redact it by the policy of its organization) and the plan (what the organization may
 * switch on). An organization that never changed its settings has {@link #DEFAULT}.
 *
 * @param redactionOptOut names of {@link #REDACTABLE} that this organization's telemetry keeps
 * @param plan            {@link #FREE} or {@link #PREMIUM}; a policy published before plans existed reads as free
 * @param version         counts the organization's changes, so of two copies the later is known; 0 before the first
 */
@EventType("organization.policy.changed")
public record OrganizationPolicy(Retention retention, List<String> redactionOptOut, String plan, long version) implements DomainEvent {

    public static final String FREE = "free";
    public static final String PREMIUM = "premium";
    public static final List<String> PLANS = List.of(FREE, PREMIUM);
    public static final OrganizationPolicy DEFAULT = new OrganizationPolicy(Retention.DEFAULT, List.of(), FREE, 0);

    /**
     * What telemetry redaction removes, by name: the value of any key (or {@code name=value} pair,
     * or JSON member in text) whose name contains one of the words, card numbers in text
     * ({@code card_number}) and bearer tokens in text ({@code bearer_token}).
     */
    public static final List<String> REDACTABLE = List.of("password", "passwd", "secret", "token", "authorization", "cookie",
            "apikey", "api_key", "api-key", "card", "cvv", "ssn", "card_number", "bearer_token");

    public OrganizationPolicy {
        redactionOptOut = List.copyOf(redactionOptOut);
        plan = plan == null ? FREE : plan;
    }

    public OrganizationPolicy withRetention(Retention changed) {
        return new OrganizationPolicy(changed, redactionOptOut, plan, version);
    }

    public OrganizationPolicy withRedactionOptOut(List<String> changed) {
        return new OrganizationPolicy(retention, changed, plan, version);
    }

    /** Of this copy and {@code other} (which may be {@code null}), the one written later. */
    public OrganizationPolicy newer(OrganizationPolicy other) {
        return other != null && other.version > version ? other : this;
    }

    public boolean premium() {
        return PREMIUM.equals(plan);
    }

    /** How many days raw telemetry events, replay chunks and message bodies are kept. */
    public record Retention(int rawEventDays, int replayDays, int messageBodyDays) {

        public static final Retention DEFAULT = new Retention(90, 30, 30);
    }
}
