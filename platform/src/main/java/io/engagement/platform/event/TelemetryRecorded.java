package io.engagement.platform.event;

import io.engagement.platform.time.UtcInstants;
import tools.jackson.databind.annotation.JsonDeserialize;

import java.time.Instant;
import java.util.List;

/**
 * A telemetry event as ingest accepted and redacted it: the {@code data} of the envelopes the
 * analytics service publishes on {@link Topics#TELEMETRY} and {@link Topics#TELEMETRY_OVERFLOW}
 * (replay chunks on {@link Topics#REPLAY}), keyed {@code org:session_id}. The envelope's
 * {@code type} is the event's own ({@link #TYPES}), which is why this is no {@link DomainEvent}
 * and is read with {@link EventReader#readTelemetry}.
 *
 * <p>It holds the event's scalars, each null when the event lacks it or holds another kind of
 * value there ({@link TelemetryReading}). An API call's bodies and headers, a console error's
 * stack, a custom event's properties and a replay chunk's data are deliberately no fields: they
 * stay in the event's JSON, which the raw-event archive keeps whole, and binding them would cost
 * every consumer on every event though none of them reads them. Fields are added, never renamed
 * or retyped: the JSON is the client's event as the ingest API documents it ({@code TelemetryEvents}
 * in the analytics service).
 *
 * @param eventId     the client's event id (or the one ingest gave it); not always a UUID
 * @param type        one of {@link #TYPES}
 * @param timestamp   when the event happened, an ISO instant in UTC as ingest normalized it ({@link #at()})
 * @param url         the page the event happened on; absolute (an {@code identify} may have none)
 * @param durationMs  how long a page was open ({@code page_leave}) or an API call took ({@code api_log})
 * @param scrollDepth how far down the page was scrolled, 0–1 ({@code page_leave})
 * @param interactions interactions on the page before it was left ({@code page_leave})
 * @param x           a click's horizontal page coordinate ({@code click}, {@code rage_click}); {@code y} its vertical one
 * @param count       clicks in a rage click
 * @param status      an API call's HTTP status; 0 when it never reached a server
 * @param name        a custom event's name
 */
@JsonDeserialize(using = TelemetryReading.Deserializer.class)
public record TelemetryRecorded(String eventId, String type, String sessionId, String anonymousId, String customerId,
                                String timestamp, String url,
                                String title, String referrer,
                                Double durationMs, Double scrollDepth, Long interactions,
                                String selector, Double x, Double y, Long count,
                                String message, String level,
                                String requestUrl, String method, Integer status,
                                String fromUrl, String toUrl,
                                String email,
                                String name) {

    public static final String PAGE_VIEW = "page_view";
    public static final String PAGE_LEAVE = "page_leave";
    public static final String CLICK = "click";
    public static final String RAGE_CLICK = "rage_click";
    public static final String CONSOLE_ERROR = "console_error";
    public static final String API_LOG = "api_log";
    public static final String NAVIGATION = "navigation";
    public static final String IDENTIFY = "identify";
    public static final String CUSTOM = "custom";
    public static final String REPLAY = "replay";

    /** Every type of telemetry event ingest accepts. */
    public static final List<String> TYPES = List.of(PAGE_VIEW, PAGE_LEAVE, CLICK, RAGE_CLICK, CONSOLE_ERROR, API_LOG, NAVIGATION,
            IDENTIFY, CUSTOM, REPLAY);

    /**
     * The instant of {@link #timestamp}, read when a consumer asks for it rather than with every
     * event; null without a timestamp.
     *
     * @throws java.time.format.DateTimeParseException when the timestamp names no instant
     */
    public Instant at() {
        return timestamp == null ? null : UtcInstants.read(timestamp);
    }
}
