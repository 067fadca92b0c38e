package io.engagement.platform.event;

import java.time.Instant;

/**
 * A session as the sessions API shows it ({@code GET /external/v1/sessions/{session_id}}), made
 * from its {@link SessionSummarized}; also what a conversation shows of its visitor's session.
 */
public record SessionView(String sessionId, String customerId, String anonymousId, Instant startedAt, Instant lastSeenAt,
                          String channel, String lastUrl, long pageViewCount, long totalErrorCount, long apiCallCount,
                          double apiErrorRate, double avgResponseTimeMs, double engagementScore, double churnRiskScore,
                          long replayChunks) {

    public static SessionView of(SessionSummarized session) {
        return new SessionView(session.sessionId(), session.customerId(), session.anonymousId(), session.startedAt(),
                session.lastSeenAt(), session.channel(), session.lastUrl(), session.pageViewCount(), session.totalErrorCount(),
                session.apiCallCount(), session.apiErrorRate(), session.avgResponseTimeMs(), session.engagementScore(),
                session.churnRiskScore(), session.replayChunks());
    }

    /** The view with the chunks of its recording that are stored, which the sessions API shows in place of those received. */
    public SessionView withReplayChunks(long stored) {
        return new SessionView(sessionId, customerId, anonymousId, startedAt, lastSeenAt, channel, lastUrl, pageViewCount,
                totalErrorCount, apiCallCount, apiErrorRate, avgResponseTimeMs, engagementScore, churnRiskScore, stored);
    }
}
