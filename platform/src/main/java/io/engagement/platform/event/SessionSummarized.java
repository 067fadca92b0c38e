package io.engagement.platform.event;

import java.time.Instant;

/**
 * A session as session intelligence sees it after its latest events: published by the analytics
 * service on the compacted {@link Topics#SESSION} topic, keyed {@code org:session_id}, so the
 * topic always holds each session's latest summary. Every field is an absolute value, never a
 * delta: a consumer that sees a summary twice, or an older one after a newer, keeps the one with
 * the larger {@code eventCount}.
 *
 * @param sessionId         the client's session id
 * @param customerId        the public customer id the session is linked to (an event's
 *                          {@code customer_id}, or an {@code identify}), null while anonymous
 * @param anonymousId       the browser-scoped visitor id, if the SDK sent one
 * @param email             the e-mail an {@code identify} event named, if any; links the session
 *                          to the customer with that e-mail
 * @param startedAt         the earliest event time of the session
 * @param lastSeenAt        the latest event time of the session
 * @param channel           {@code web} unless the events say otherwise
 * @param lastUrl           display URL (path) of the session's latest page view
 * @param lastUrlAt         when that page was viewed
 * @param pageViewCount     {@code page_view} events
 * @param totalErrorCount   console errors plus failed API calls (status ≥ 500 or 0)
 * @param apiCallCount      {@code api_log} events
 * @param apiErrorCount     failed API calls
 * @param apiErrorRate      failed API calls over API calls, 0–1 (0 without calls)
 * @param avgResponseTimeMs mean {@code duration_ms} of the API calls (0 without calls)
 * @param engagementScore   0–100, the session formula of docs/api/sessions.md
 * @param churnRiskScore    0–1, the session formula of docs/api/sessions.md
 * @param replayChunks      recording chunks received for the session
 * @param eventCount        distinct events counted into this summary; grows with every event
 */
@EventType("session.summarized")
public record SessionSummarized(String sessionId, String customerId, String anonymousId, String email,
                                Instant startedAt, Instant lastSeenAt, String channel, String lastUrl, Instant lastUrlAt,
                                long pageViewCount, long totalErrorCount, long apiCallCount, long apiErrorCount,
                                double apiErrorRate, double avgResponseTimeMs, double engagementScore, double churnRiskScore,
                                long replayChunks, long eventCount) implements DomainEvent {
}
