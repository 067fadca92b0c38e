package io.engagement.analytics.ingest;

import io.engagement.platform.error.ErrorDetail;
import io.engagement.platform.validation.DateTimeRule;
import io.engagement.platform.validation.Loc;
import io.engagement.platform.validation.ObjectSchema;
import io.engagement.platform.validation.Rules;
import io.engagement.platform.validation.Violations;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import static io.engagement.platform.validation.ObjectSchema.required;

/**
 * A batch of telemetry sorted into the events that are accepted (checked, given an id, redacted)
 * and the faults of those that are not.
 */
record TelemetryBatch(List<AcceptedEvent> accepted, List<Rejection> rejected) {

    static final int MAX_EVENTS = 500;
    static final Duration FUTURE_TOLERANCE = Duration.ofMinutes(5);

    /** The body itself must be {@code {"events": [...]}} with 1 to 500 elements, or it is a 422. */
    static final ObjectSchema SCHEMA = ObjectSchema.of(
            required("events", Rules.list(Rules.any()).minItems(1).maxItems(MAX_EVENTS)));

    static TelemetryBatch sort(JsonNode events, Instant now) {
        return sort(events, now, Redactor.DEFAULT);
    }

    /** {@code redactor}: the organization's redaction. */
    static TelemetryBatch sort(JsonNode events, Instant now, Redactor redactor) {
        List<AcceptedEvent> accepted = new ArrayList<>();
        List<Rejection> rejected = new ArrayList<>();
        for (int i = 0; i < events.size(); i++) {
            List<ErrorDetail> errors = new ArrayList<>();
            AcceptedEvent checked = check(events.get(i), Loc.body().field("events").index(i), now, errors);
            if (errors.isEmpty()) {
                accepted.add(new AcceptedEvent(withId(redactor.redactEvent(checked.event())), checked.occurredAt()));
            } else {
                int index = i;
                errors.forEach(error -> rejected.add(Rejection.of(index, error)));
            }
        }
        return new TelemetryBatch(accepted, rejected);
    }

    /** The checked event with the instant of its timestamp (read once), or null when it has faults. */
    private static AcceptedEvent check(JsonNode event, Loc loc, Instant now, List<ErrorDetail> errors) {
        if (TelemetryEvents.TYPED.apply(event, loc, errors) == null) {
            return null;
        }
        JsonNode checked = TelemetryEvents.schemaOf(event.get("type").asString()).apply(event, loc, errors);
        if (checked == null) {
            return null;
        }
        Instant occurredAt = DateTimeRule.instantOf(checked.get("timestamp"));
        if (occurredAt.isAfter(now.plus(FUTURE_TOLERANCE))) {
            errors.add(Violations.valueError(loc.field("timestamp"), event.get("timestamp"),
                    "timestamp is more than 5 minutes in the future"));
        }
        return new AcceptedEvent((ObjectNode) checked, occurredAt);
    }

    /** Clients should send an event_id so a retried batch is counted once; one is made up if not. */
    private static ObjectNode withId(ObjectNode event) {
        if (!event.hasNonNull("event_id")) {
            event.put("event_id", UUID.randomUUID().toString());
        }
        return event;
    }
}
