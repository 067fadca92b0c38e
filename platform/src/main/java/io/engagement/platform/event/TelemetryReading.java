package io.engagement.platform.event;

import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.ValueDeserializer;

/**
 * Reads a {@link TelemetryRecorded} token by token, taking its fields by name and skipping the rest
 * (bodies, headers, stacks) unread. Telemetry is the busiest stream of the suite, and binding the
 * record through the mapper costs more per event than the tree its consumers built before. A field
 * holding another kind of value than its own reads as absent, as it did for those tree readers:
 * the field's value is unknown, the rest of the event is not.
 */
final class TelemetryReading {

    private TelemetryReading() {
    }

    /** The event of the object the parser is at the start of; the parser is left at its end. */
    static TelemetryRecorded read(JsonParser parser) {
        String eventId = null;
        String type = null;
        String sessionId = null;
        String anonymousId = null;
        String customerId = null;
        String timestamp = null;
        String url = null;
        String title = null;
        String referrer = null;
        Double durationMs = null;
        Double scrollDepth = null;
        Long interactions = null;
        String selector = null;
        Double x = null;
        Double y = null;
        Long count = null;
        String message = null;
        String level = null;
        String requestUrl = null;
        String method = null;
        Integer status = null;
        String fromUrl = null;
        String toUrl = null;
        String email = null;
        String name = null;
        String field;
        while ((field = parser.nextName()) != null) {
            parser.nextToken();
            switch (field) {
                case "event_id" -> eventId = text(parser);
                case "type" -> type = text(parser);
                case "session_id" -> sessionId = text(parser);
                case "anonymous_id" -> anonymousId = text(parser);
                case "customer_id" -> customerId = text(parser);
                case "timestamp" -> timestamp = text(parser);
                case "url" -> url = text(parser);
                case "title" -> title = text(parser);
                case "referrer" -> referrer = text(parser);
                case "duration_ms" -> durationMs = decimal(parser);
                case "scroll_depth" -> scrollDepth = decimal(parser);
                case "interactions" -> interactions = whole(parser);
                case "selector" -> selector = text(parser);
                case "x" -> x = decimal(parser);
                case "y" -> y = decimal(parser);
                case "count" -> count = whole(parser);
                case "message" -> message = text(parser);
                case "level" -> level = text(parser);
                case "request_url" -> requestUrl = text(parser);
                case "method" -> method = text(parser);
                case "status" -> status = isNumber(parser) ? parser.getIntValue() : null;
                case "from_url" -> fromUrl = text(parser);
                case "to_url" -> toUrl = text(parser);
                case "email" -> email = text(parser);
                case "name" -> name = text(parser);
                default -> parser.skipChildren();
            }
        }
        return new TelemetryRecorded(eventId, type, sessionId, anonymousId, customerId, timestamp, url, title, referrer, durationMs,
                scrollDepth, interactions, selector, x, y, count, message, level, requestUrl, method, status, fromUrl, toUrl, email, name);
    }

    static String text(JsonParser parser) {
        if (parser.currentToken() == JsonToken.VALUE_STRING) {
            return parser.getString();
        }
        parser.skipChildren();
        return null;
    }

    static boolean isNumber(JsonParser parser) {
        if (parser.currentToken().isNumeric()) {
            return true;
        }
        parser.skipChildren();
        return false;
    }

    private static Double decimal(JsonParser parser) {
        return isNumber(parser) ? parser.getDoubleValue() : null;
    }

    private static Long whole(JsonParser parser) {
        return isNumber(parser) ? parser.getLongValue() : null;
    }

    /** The same reading wherever the record is bound by a mapper rather than by {@link EventReader#readTelemetry}. */
    static final class Deserializer extends ValueDeserializer<TelemetryRecorded> {
        @Override
        public TelemetryRecorded deserialize(JsonParser parser, DeserializationContext context) {
            if (!parser.isExpectedStartObjectToken()) {
                return (TelemetryRecorded) context.handleUnexpectedToken(TelemetryRecorded.class, parser);
            }
            return read(parser);
        }
    }
}
