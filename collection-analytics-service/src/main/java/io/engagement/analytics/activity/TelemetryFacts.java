package io.engagement.analytics.activity;

import io.engagement.platform.time.UtcInstants;
import io.engagement.platform.url.CanonicalUrl;
import tools.jackson.databind.JsonNode;

import java.time.Instant;
import java.util.Optional;

/** What page analytics needs from one telemetry event envelope. */
record TelemetryFacts(long organizationId, String type, String sessionId, String user, Instant at,
                      String pageId, JsonNode data) {

    /** The event, if it is readable and concerns a page; ingest validated it, so others are skipped. */
    static Optional<TelemetryFacts> read(JsonNode event) {
        try {
            JsonNode data = event.get("data");
            long organizationId = event.get("org_id").asLong();
            return CanonicalUrl.of(data.path("url").asString(""))
                    .map(url -> new TelemetryFacts(organizationId, data.get("type").asString(),
                            data.get("session_id").asString(), userOf(data), UtcInstants.read(data.get("timestamp").asString()),
                            url.pageId(organizationId), data));
        } catch (RuntimeException unreadable) {
            return Optional.empty();
        }
    }

    String sessionKey() {
        return organizationId + ":" + sessionId;
    }

    double number(String field) {
        JsonNode value = data.get(field);
        return value != null && value.isNumber() ? value.asDouble() : 0;
    }

    /** Views, leaves, rage clicks and errors count for pages; other events do not. */
    boolean countsForPages() {
        return switch (type) {
            case "page_view", "page_leave", "rage_click" -> true;
            default -> isError();
        };
    }

    /** A console error, or an API call that failed on the server or never reached it (status 0). */
    boolean isError() {
        if (type.equals("console_error")) {
            return true;
        }
        JsonNode status = data.get("status");
        return type.equals("api_log") && status != null && status.isNumber() && (status.asInt() >= 500 || status.asInt() == 0);
    }

    private static String userOf(JsonNode data) {
        for (String field : new String[] {"customer_id", "anonymous_id"}) {
            JsonNode value = data.path(field);
            if (value.isString() && !value.asString().isEmpty()) {
                return field.charAt(0) + ":" + value.asString();
            }
        }
        return "s:" + data.get("session_id").asString();
    }
}
