package io.engagement.bench;

import java.time.Duration;
import java.time.Instant;
import java.util.UUID;

/**
 * A deterministic stream of realistic telemetry over {@code pages} pages and {@code users}
 * customers: sessions of ten events (five page views, three page leaves, a click, a console
 * error), in time order across the window. The same event renders as an ingest request element or
 * as the envelope the ingest service publishes.
 */
final class TelemetryEvents {

    static final int PER_SESSION = 10;
    static final int VIEWS_PER_SESSION = 5;

    private final long organizationId;
    private final int pages;
    private final int users;
    private final String run = UUID.randomUUID().toString().substring(0, 8);

    TelemetryEvents(long organizationId, int pages, int users) {
        this.organizationId = organizationId;
        this.pages = pages;
        this.users = users;
    }

    /** Event {@code i} of a series of {@code count} spread evenly over {@code window} ending at {@code end}. */
    Event event(String series, long i, long count, Instant end, Duration window) {
        long session = i / PER_SESSION;
        int step = (int) (i % PER_SESSION);
        Instant at = end.minus(window).plusMillis((long) ((double) window.toMillis() * i / count));
        String sessionId = run + "-" + series + "-" + session;
        String url = "https://bench.example/p/" + (session * 7 + step / 2) % pages;
        String common = "\"event_id\":\"%s-%s-%d\",\"session_id\":\"%s\",\"customer_id\":\"u%d\",\"timestamp\":\"%s\",\"url\":\"%s\""
                .formatted(run, series, i, sessionId, session % users, at, url);
        String event = switch (step) {
            case 0, 2, 4, 6, 8 -> "{\"type\":\"page_view\"," + common + ",\"title\":\"Page\"}";
            case 1, 3, 5 -> "{\"type\":\"page_leave\"," + common + ",\"duration_ms\":" + (5000 + i % 55000) + ",\"scroll_depth\":0.6}";
            case 7 -> "{\"type\":\"click\"," + common + ",\"selector\":\"#buy\",\"x\":10,\"y\":20}";
            default -> "{\"type\":\"console_error\"," + common + ",\"message\":\"TypeError: x is undefined\",\"level\":\"error\"}";
        };
        return new Event(organizationId + ":" + sessionId, event, envelope(event, step, at));
    }

    static long viewsAmong(long events) {
        long sessions = events / PER_SESSION;
        long rest = events % PER_SESSION;
        return sessions * VIEWS_PER_SESSION + (rest + 1) / 2;
    }

    private String envelope(String event, int step, Instant at) {
        String type = switch (step) {
            case 0, 2, 4, 6, 8 -> "page_view";
            case 1, 3, 5 -> "page_leave";
            case 7 -> "click";
            default -> "console_error";
        };
        return "{\"id\":\"%s\",\"type\":\"%s\",\"schema_version\":1,\"org_id\":%d,\"occurred_at\":\"%s\",\"data\":%s}"
                .formatted(UUID.randomUUID(), type, organizationId, at, event);
    }

    /** One event: its record key, its JSON as a client sends it, and the envelope ingest publishes. */
    record Event(String key, String json, String envelope) {
    }
}
