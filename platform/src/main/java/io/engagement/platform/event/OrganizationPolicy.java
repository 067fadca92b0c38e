package io.engagement.platform.event;

import java.util.List;

/**
 * An organization's privacy settings, owned by the gateway and published after every change on
 * {@link Topics#ORGANIZATION} ({@code organization.policy.changed}, keyed {@code org:policy}, the
 * latest kept by compaction). Services that store personal data date and redact it by the policy
 * of its organization; an organization that never changed its settings has {@link #DEFAULT}.
 *
 * @param redactionOptOut names of {@link #REDACTABLE} that this organization's telemetry keeps
 */
public record OrganizationPolicy(Retention retention, List<String> redactionOptOut) {

    public static final String TYPE = "organization.policy.changed";
    public static final OrganizationPolicy DEFAULT = new OrganizationPolicy(Retention.DEFAULT, List.of());

    /**
     * What telemetry redaction removes, by name: the value of any key (or {@code name=value} pair,
     * or JSON member in text) whose name contains one of the words, card numbers in text
     * ({@code card_number}) and bearer tokens in text ({@code bearer_token}).
     */
    public static final List<String> REDACTABLE = List.of("password", "passwd", "secret", "token", "authorization", "cookie",
            "apikey", "api_key", "api-key", "card", "cvv", "ssn", "card_number", "bearer_token");

    public OrganizationPolicy {
        redactionOptOut = List.copyOf(redactionOptOut);
    }

    public OrganizationPolicy withRetention(Retention changed) {
        return new OrganizationPolicy(changed, redactionOptOut);
    }

    public OrganizationPolicy withRedactionOptOut(List<String> changed) {
        return new OrganizationPolicy(retention, changed);
    }

    /** How many days raw telemetry events, replay chunks and message bodies are kept. */
    public record Retention(int rawEventDays, int replayDays, int messageBodyDays) {

        public static final Retention DEFAULT = new Retention(90, 30, 30);
    }
}
