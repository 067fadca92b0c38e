package io.engagement.alert.detection;

import io.engagement.alert.rule.AlertRule;
import io.engagement.platform.binding.UnreadableRecord;
import io.engagement.platform.event.EventEnvelope;
import io.engagement.platform.event.EventReader;
import io.engagement.platform.event.SessionSummarized;
import io.engagement.platform.event.TelemetryRecorded;

import java.time.DateTimeException;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * What detection needs of one telemetry event or one session summary, re-keyed by organization.
 *
 * @param kind            {@code event} (telemetry) or {@code session} (a session summary)
 * @param at              the event's own time ({@code timestamp}), or the session's last-seen time
 * @param status          an API call's HTTP status; null when absent
 * @param durationMs      an API call's duration; null when absent
 * @param churnRiskScore  the session's churn risk (sessions only)
 * @param sessionEvents   events counted into the session summary (sessions only)
 */
record Fact(String kind, long organizationId, String eventId, String type, Instant at, Integer status, Double durationMs,
            String requestUrl, String customerId, Double churnRiskScore, long sessionEvents) {

    static final String EVENT = "event";
    static final String SESSION = "session";

    private static final List<String> DETECTED = List.of(TelemetryRecorded.CONSOLE_ERROR, TelemetryRecorded.API_LOG,
            TelemetryRecorded.PAGE_VIEW);

    /** A telemetry envelope's event, if detection has a use for it; an unreadable one, or one without a time that reads, is passed over. */
    static Optional<Fact> ofTelemetry(EventReader events, String envelope) {
        Optional<EventEnvelope<TelemetryRecorded>> telemetry;
        try {
            telemetry = events.readTelemetry(envelope);
        } catch (UnreadableRecord unreadable) {
            return Optional.empty();
        }
        return telemetry.flatMap(read -> {
            TelemetryRecorded event = read.data();
            if (event.type() == null || !DETECTED.contains(event.type())) {
                return Optional.empty();
            }
            Instant at;
            try {
                at = event.at();
            } catch (DateTimeException noTime) {
                return Optional.empty();
            }
            return at == null ? Optional.empty() : Optional.of(new Fact(EVENT, read.orgId(), event.eventId(), event.type(), at,
                    event.status(), event.durationMs(), present(event.requestUrl()), present(event.customerId()), null, 0));
        });
    }

    /** A session summary's churn evidence, if the session belongs to a known customer; an unreadable summary is passed over. */
    static Optional<Fact> ofSession(EventReader events, String envelope) {
        Optional<EventEnvelope<SessionSummarized>> summary;
        try {
            summary = events.read(envelope, SessionSummarized.class);
        } catch (UnreadableRecord unreadable) {
            return Optional.empty();
        }
        return summary.filter(event -> event.data().customerId() != null && !event.data().customerId().isEmpty()
                        && event.data().lastSeenAt() != null)
                .map(event -> new Fact(SESSION, event.orgId(), null, SESSION, event.data().lastSeenAt(), null, null, null,
                        event.data().customerId(), event.data().churnRiskScore(), event.data().eventCount()));
    }

    /** Whether the rule has a use for this fact: detection reads a fact only for the rules that use it. */
    boolean usedBy(AlertRule rule) {
        return switch (rule.type()) {
            case AlertRule.HIGH_ERROR_FREQUENCY -> countsAsError();
            case AlertRule.REPEATED_API_FAILURES -> failedCall() && requestUrl != null;
            case AlertRule.LATENCY_SPIKE -> type.equals(TelemetryRecorded.API_LOG) && durationMs != null;
            // any event may end an interaction-drop window, by its time
            case AlertRule.INTERACTION_DROP -> kind.equals(EVENT);
            case AlertRule.CHURN_SIGNAL -> kind.equals(SESSION);
            default -> false;
        };
    }

    /** A console error, or an API call that failed on the server or never reached it (status ≥ 500 or 0). */
    boolean countsAsError() {
        return type.equals(TelemetryRecorded.CONSOLE_ERROR) || failedCall();
    }

    boolean failedCall() {
        return type.equals(TelemetryRecorded.API_LOG) && status != null && (status >= 500 || status == 0);
    }

    private static String present(String value) {
        return value == null || value.isEmpty() ? null : value;
    }
}
