package io.engagement.analytics.session;

import io.engagement.platform.event.SessionSummarized;
import io.engagement.platform.time.UtcInstants;
import io.engagement.platform.url.CanonicalUrl;
import tools.jackson.databind.JsonNode;

import java.time.Instant;
import java.util.Optional;

/**
 * What session intelligence keeps of one session between its events: counts and the latest
 * facts, each event folded in once (the stream before it drops repeated event ids).
 *
 * @param touchedAt when (wall clock) the session last had an event; idle sessions are forgotten by it
 */
record SessionState(long organizationId, String sessionId, String customerId, String anonymousId, String email,
                    long startedAt, long lastSeenAt, String channel, String lastUrl, long lastUrlAt,
                    long pageViews, long consoleErrors, long apiCalls, long apiErrors, long timedApiCalls,
                    double apiDurationMs, long interactions, long rageClicks, long replayChunks, long eventCount,
                    long touchedAt) {

    static final String DEFAULT_CHANNEL = "web";

    static SessionState start(long organizationId, String sessionId) {
        return new SessionState(organizationId, sessionId, null, null, null, Long.MAX_VALUE, Long.MIN_VALUE,
                DEFAULT_CHANNEL, null, Long.MIN_VALUE, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
    }

    /** The session after one more distinct event ({@code data}: the event as ingest accepted it). */
    SessionState with(JsonNode data, long now) {
        long at = UtcInstants.read(data.get("timestamp").asString()).toEpochMilli();
        String type = data.path("type").asString("");
        Page page = new Page(lastUrl, lastUrlAt);
        if (type.equals("page_view") && at >= lastUrlAt) {
            page = Page.of(data, at).orElse(page);
        }
        boolean apiCall = type.equals("api_log");
        boolean apiFailed = apiCall && failed(data.get("status"));
        JsonNode duration = data.get("duration_ms");
        boolean timed = apiCall && duration != null && duration.isNumber();
        return new SessionState(organizationId, sessionId,
                text(data, "customer_id", customerId),
                anonymousId != null ? anonymousId : text(data, "anonymous_id", null),
                text(data, "email", email),
                Math.min(startedAt, at), Math.max(lastSeenAt, at),
                text(data, "channel", channel),
                page.url(), page.at(),
                pageViews + (type.equals("page_view") ? 1 : 0),
                consoleErrors + (type.equals("console_error") ? 1 : 0),
                apiCalls + (apiCall ? 1 : 0),
                apiErrors + (apiFailed ? 1 : 0),
                timedApiCalls + (timed ? 1 : 0),
                apiDurationMs + (timed ? duration.asDouble() : 0),
                interactions + interactionsOf(type, data),
                rageClicks + (type.equals("rage_click") ? 1 : 0),
                replayChunks + (type.equals("replay") ? 1 : 0),
                eventCount + 1,
                now);
    }

    String key() {
        return organizationId + ":" + sessionId;
    }

    SessionSummarized summary() {
        long totalErrors = consoleErrors + apiErrors;
        double apiErrorRate = apiCalls == 0 ? 0 : Math.round(10_000.0 * apiErrors / apiCalls) / 10_000.0;
        double avgResponse = timedApiCalls == 0 ? 0 : Math.round(10 * apiDurationMs / timedApiCalls) / 10.0;
        double engagement = SessionScores.engagement((lastSeenAt - startedAt) / 1000.0, pageViews, interactions);
        return new SessionSummarized(sessionId, customerId, anonymousId, email,
                Instant.ofEpochMilli(startedAt), Instant.ofEpochMilli(lastSeenAt), channel,
                lastUrl, lastUrl == null ? null : Instant.ofEpochMilli(lastUrlAt),
                pageViews, totalErrors, apiCalls, apiErrors, apiErrorRate, avgResponse, engagement,
                SessionScores.churnRisk(engagement, totalErrors, apiErrorRate, rageClicks),
                replayChunks, eventCount);
    }

    /** A console error, or an API call that failed on the server or never reached it (status 0). */
    private static boolean failed(JsonNode status) {
        return status != null && status.isNumber() && (status.asInt() >= 500 || status.asInt() == 0);
    }

    /** Clicks and custom events are one interaction each; a page leave reports how many it saw. */
    private static long interactionsOf(String type, JsonNode data) {
        return switch (type) {
            case "click", "custom" -> 1;
            case "page_leave" -> data.path("interactions").isNumber() ? Math.max(0, data.get("interactions").asLong()) : 0;
            default -> 0;
        };
    }

    /** The event's text field if it has a non-empty one, else what the session had. */
    private static String text(JsonNode data, String field, String otherwise) {
        JsonNode value = data.get(field);
        return value != null && value.isString() && !value.asString().isEmpty() ? value.asString() : otherwise;
    }

    private record Page(String url, long at) {

        static Optional<Page> of(JsonNode data, long at) {
            return CanonicalUrl.of(data.path("url").asString("")).map(url -> new Page(url.displayUrl(), at));
        }
    }
}
