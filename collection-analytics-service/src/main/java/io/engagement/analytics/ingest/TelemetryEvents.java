package io.engagement.analytics.ingest;

import io.engagement.platform.error.ErrorDetail;
import io.engagement.platform.event.TelemetryRecorded;
import io.engagement.platform.validation.Loc;
import io.engagement.platform.validation.ObjectSchema;
import io.engagement.platform.validation.Rule;
import io.engagement.platform.validation.Rules;
import io.engagement.platform.validation.Violations;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

import java.util.List;
import java.util.Map;

import static io.engagement.platform.validation.ObjectSchema.optional;
import static io.engagement.platform.validation.ObjectSchema.required;

/** The shape of each telemetry event type, as the ingest API documents it. */
final class TelemetryEvents {

    static final String[] TYPES = TelemetryRecorded.TYPES.toArray(String[]::new);

    private static final Rule ID = Rules.string().minLength(1).maxLength(128);
    private static final Rule URL = Rules.string().minLength(1).maxLength(4096);
    /** The page an event happened on: absolute, or no page could be registered or counted for it. */
    private static final Rule PAGE_URL = Rules.string().minLength(1).maxLength(4096).httpUrl();
    private static final Rule TEXT = Rules.string().maxLength(10_000);

    /** Enough to tell the type; the type's own schema checks the rest. */
    static final ObjectSchema TYPED = ObjectSchema.of(required("type", Rules.string().oneOf(TYPES)));

    private static final ObjectSchema COMMON = ObjectSchema.of(
            optional("event_id", ID),
            required("type", Rules.string().oneOf(TYPES)),
            required("session_id", ID),
            optional("anonymous_id", ID),
            optional("customer_id", ID),
            required("timestamp", Rules.dateTime()));

    private static final ObjectSchema ON_A_PAGE = COMMON.and(required("url", PAGE_URL));

    private static final Map<String, ObjectSchema> BY_TYPE = Map.of(
            TelemetryRecorded.PAGE_VIEW, ON_A_PAGE.and(optional("title", Rules.string().maxLength(1000)), optional("referrer", URL)),
            TelemetryRecorded.PAGE_LEAVE, ON_A_PAGE.and(
                    optional("duration_ms", Rules.number().min(0)),
                    optional("scroll_depth", Rules.number().min(0).max(1)),
                    optional("interactions", Rules.integer().min(0))),
            TelemetryRecorded.CLICK, ON_A_PAGE.and(clickFields()),
            TelemetryRecorded.RAGE_CLICK, ON_A_PAGE.and(clickFields()),
            TelemetryRecorded.CONSOLE_ERROR, ON_A_PAGE.and(
                    optional("message", TEXT), optional("stack", Rules.string().maxLength(50_000)),
                    optional("level", Rules.string().maxLength(32))),
            TelemetryRecorded.API_LOG, ON_A_PAGE.and(
                    optional("request_url", URL), optional("method", Rules.string().maxLength(16)),
                    optional("status", Rules.integer().min(0).max(999)), optional("duration_ms", Rules.number().min(0)),
                    optional("request_body", Rules.any()), optional("response_body", Rules.any()),
                    optional("request_headers", Rules.anyObject())),
            TelemetryRecorded.NAVIGATION, ON_A_PAGE.and(optional("from_url", URL), optional("to_url", URL)),
            TelemetryRecorded.IDENTIFY, COMMON.and(optional("url", PAGE_URL), optional("email", Rules.string().email()))
                    .checking(TelemetryEvents::refuseIdentifyingNoOne),
            TelemetryRecorded.CUSTOM, ON_A_PAGE.and(optional("name", Rules.string().maxLength(255)), optional("properties", Rules.anyObject())),
            TelemetryRecorded.REPLAY, ON_A_PAGE.and(required("data", Rules.anyObject())));

    private TelemetryEvents() {
    }

    static ObjectSchema schemaOf(String type) {
        return BY_TYPE.get(type);
    }

    /** An identify names the visitor by e-mail, customer id or both (extensions.md); one naming neither says nothing. */
    private static void refuseIdentifyingNoOne(JsonNode input, ObjectNode accepted, Loc loc, List<ErrorDetail> errors) {
        if (accepted.path("email").isMissingNode() && accepted.path("customer_id").isMissingNode()) {
            errors.add(Violations.missing(loc.field("email"), null));
        }
    }

    private static ObjectSchema.Field[] clickFields() {
        return new ObjectSchema.Field[] {
                optional("selector", Rules.string().maxLength(1000)),
                optional("x", Rules.number()), optional("y", Rules.number()),
                optional("count", Rules.integer().min(0))};
    }
}
