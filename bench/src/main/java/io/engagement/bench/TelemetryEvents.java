package io.engagement.bench;

import java.time.Duration;
import java.time.Instant;
import java.util.UUID;

/**
 * A deterministic stream of realistic telemetry over {@code pages} pages and {@code users}
 * customers: sessions of ten events (five page views, three page leaves, a click, a console
 * error), in time order across the window. The same event renders as an ingest request element or
 * as the envelope the ingest service publishes; each side renders only what it sends, by plain
 * concatenation, so the generator costs both sides of a comparison the same little.
 */
final class TelemetryEvents {

    static final int PER_SESSION = 10;
    static final int VIEWS_PER_SESSION = 5;
    /** The most events one ingest request may carry. */
    static final int MAX_BATCH = 500;

    private final long organizationId;
    private final int pages;
    private final int users;
    private final String run = UUID.randomUUID().toString().substring(0, 8);
    private final long runBits = UUID.randomUUID().getMostSignificantBits();

    TelemetryEvents(long organizationId, int pages, int users) {
        this.organizationId = organizationId;
        this.pages = pages;
        this.users = users;
    }

    /** Event {@code i} of a series of {@code count} spread evenly over {@code window} ending at {@code end}. */
    Event event(String series, long i, long count, Instant end, Duration window) {
        Instant at = end.minus(window).plusMillis((long) ((double) window.toMillis() * i / count));
        return new Event(series, i, at);
    }

    /** The body of a request of events {@code first} to {@code first + size - 1} of the series, rendered by concatenation. */
    String batch(String series, long first, int size, long count, Instant end, Duration window) {
        StringBuilder body = new StringBuilder("{\"events\":[");
        for (long i = first; i < first + size; i++) {
            body.append(i == first ? "" : ",").append(event(series, i, count, end, window).json());
        }
        return body.append("]}").toString();
    }

    static long viewsAmong(long events) {
        long sessions = events / PER_SESSION;
        long rest = events % PER_SESSION;
        return sessions * VIEWS_PER_SESSION + (rest + 1) / 2;
    }

    private static String typeOf(int step) {
        return switch (step) {
            case 0, 2, 4, 6, 8 -> "page_view";
            case 1, 3, 5 -> "page_leave";
            case 7 -> "click";
            default -> "console_error";
        };
    }

    /** One event: its record key, its JSON as a client sends it, and the envelope ingest publishes. */
    final class Event {

        private final String series;
        private final long i;
        private final Instant at;

        private Event(String series, long i, Instant at) {
            this.series = series;
            this.i = i;
            this.at = at;
        }

        private long session() {
            return i / PER_SESSION;
        }

        private int step() {
            return (int) (i % PER_SESSION);
        }

        private String sessionId() {
            return run + "-" + series + "-" + session();
        }

        String key() {
            return organizationId + ":" + sessionId();
        }

        boolean isPageView() {
            return step() % 2 == 0;
        }

        /** The last page view of its session, which the analytics count as the session's exit. */
        boolean isLastPageView() {
            return step() == PER_SESSION - 2;
        }

        /** The page's number, its URL's last segment. */
        int page() {
            return (int) ((session() * 7 + step() / 2) % pages);
        }

        /** The visitor as the analytics count it: by customer id. */
        String visitor() {
            return "c:u" + session() % users;
        }

        Instant at() {
            return at;
        }

        String json() {
            int step = step();
            String common = "\"event_id\":\"" + run + "-" + series + "-" + i + "\",\"session_id\":\"" + sessionId()
                    + "\",\"customer_id\":\"u" + session() % users + "\",\"timestamp\":\"" + at
                    + "\",\"url\":\"https://bench.example/p/" + page() + "\"";
            return switch (step) {
                case 0, 2, 4, 6, 8 -> "{\"type\":\"page_view\"," + common + ",\"title\":\"Page\"}";
                case 1, 3, 5 -> "{\"type\":\"page_leave\"," + common + ",\"duration_ms\":" + (5000 + i % 55000) + ",\"scroll_depth\":0.6}";
                case 7 -> "{\"type\":\"click\"," + common + ",\"selector\":\"#buy\",\"x\":10,\"y\":20}";
                default -> "{\"type\":\"console_error\"," + common + ",\"message\":\"TypeError: x is undefined\",\"level\":\"error\"}";
            };
        }

        String envelope() {
            return "{\"id\":\"" + new UUID(runBits ^ series.hashCode() * 0x9E3779B97F4A7C15L, i) + "\",\"type\":\"" + typeOf(step()) + "\",\"schema_version\":1,\"org_id\":"
                    + organizationId + ",\"occurred_at\":\"" + at + "\",\"data\":" + json() + "}";
        }
    }
}
