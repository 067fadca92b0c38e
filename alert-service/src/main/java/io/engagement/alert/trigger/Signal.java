package io.engagement.alert.trigger;

import io.engagement.platform.event.CustomerErased;
import io.engagement.platform.event.SessionSummarized;
import io.engagement.platform.time.UtcInstants;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * What trigger evaluation needs of one record of the telemetry, session or customer topic,
 * re-keyed by organization so that one task sees an organization's sessions, customers,
 * companies and thresholds together.
 *
 * @param kind        {@code event} (telemetry), {@code session} (a session summary), {@code customer}
 *                    (a customer created: its company), {@code metric} (a company metric value),
 *                    {@code segments} (activity segment thresholds), {@code erased} (a customer erased),
 *                    {@code collection} (a page collection's membership) or {@code collection_deleted}
 * @param at          the event's own time; for a session its last-seen time
 * @param companyId   the customer's company ({@code customer}) or the metric's ({@code metric}), integer id
 * @param metricValue a number metric's value; null for other data types
 * @param collection  a page collection's membership ({@code collection}; only its id for {@code collection_deleted})
 */
record Signal(String kind, long organizationId, String eventId, String type, String sessionId, String customerId, Instant at,
              String url, Integer status, Double durationMs, Instant startedAt, Long pageViewCount, Long companyId,
              String metricName, Double metricValue, SegmentThresholds segments, CollectionMembership collection) {

    static final String EVENT = "event";
    static final String SESSION = "session";
    static final String CUSTOMER = "customer";
    static final String METRIC = "metric";
    static final String SEGMENTS = "segments";
    static final String ERASED = "erased";
    static final String COLLECTION = "collection";
    static final String COLLECTION_DELETED = "collection_deleted";

    private static final List<String> EVENT_TYPES = List.of("console_error", "api_log", "page_view", "page_leave");

    /** A telemetry event the triggers count, or any event that links its session to a customer. */
    static Optional<Signal> ofTelemetry(ObjectMapper json, String envelope) {
        try {
            JsonNode event = json.readTree(envelope);
            JsonNode data = event.get("data");
            String type = data.get("type").asString();
            String customerId = text(data, "customer_id");
            String sessionId = text(data, "session_id");
            if (sessionId == null || (!EVENT_TYPES.contains(type) && customerId == null)) {
                return Optional.empty();
            }
            JsonNode status = data.get("status");
            JsonNode duration = data.get("duration_ms");
            return Optional.of(new Signal(EVENT, event.get("org_id").asLong(), text(data, "event_id"), type, sessionId, customerId,
                    UtcInstants.read(data.get("timestamp").asString()), text(data, "url"),
                    status != null && status.isNumber() ? status.asInt() : null,
                    duration != null && duration.isNumber() ? duration.asDouble() : null,
                    null, null, null, null, null, null, null));
        } catch (RuntimeException unreadable) {
            return Optional.empty();
        }
    }

    /** A session summary of a session linked to a customer. */
    static Optional<Signal> ofSession(ObjectMapper json, String envelope) {
        try {
            JsonNode event = json.readTree(envelope);
            if (!SessionSummarized.TYPE.equals(event.path("type").asString(""))) {
                return Optional.empty();
            }
            SessionSummarized session = json.treeToValue(event.get("data"), SessionSummarized.class);
            if (session.customerId() == null || session.customerId().isEmpty() || session.startedAt() == null
                    || session.lastSeenAt() == null) {
                return Optional.empty();
            }
            return Optional.of(new Signal(SESSION, event.get("org_id").asLong(), null, SESSION, session.sessionId(),
                    session.customerId(), session.lastSeenAt(), null, null, null, session.startedAt(), session.pageViewCount(),
                    null, null, null, null, null));
        } catch (RuntimeException unreadable) {
            return Optional.empty();
        }
    }

    /** A customer's company, a company's number metric, an organization's segment thresholds, or an erasure. */
    static Optional<Signal> ofCustomerTopic(ObjectMapper json, String envelope) {
        try {
            Optional<CustomerErased.Erasure> erasure = CustomerErased.of(json, envelope);
            if (erasure.isPresent()) {
                return Optional.ofNullable(erasure.get().customer().customerId()).map(customerId -> new Signal(ERASED,
                        erasure.get().organizationId(), null, ERASED, null, customerId, null, null, null, null, null, null, null,
                        null, null, null, null));
            }
            JsonNode event = json.readTree(envelope);
            long organizationId = event.get("org_id").asLong();
            JsonNode data = event.get("data");
            return switch (event.path("type").asString("")) {
                case "customer.created" -> data.path("company_id").isNumber() && text(data, "customer_id") != null
                        ? Optional.of(new Signal(CUSTOMER, organizationId, null, CUSTOMER, null, text(data, "customer_id"), null,
                        null, null, null, null, null, data.get("company_id").asLong(), null, null, null, null))
                        : Optional.empty();
                case "company_metric.set" -> numberOf(data).map(value -> new Signal(METRIC, organizationId, null, METRIC, null,
                        null, null, null, null, null, null, null, data.get("company_id").asLong(), text(data, "metric_name"),
                        value, null, null));
                case SegmentThresholds.CHANGED -> Optional.of(new Signal(SEGMENTS, organizationId, null, SEGMENTS, null, null,
                        null, null, null, null, null, null, null, null, null, SegmentThresholds.of(data), null));
                default -> Optional.empty();
            };
        } catch (RuntimeException unreadable) {
            return Optional.empty();
        }
    }

    /** A page collection's membership, or its deletion. */
    static Optional<Signal> ofCollectionTopic(ObjectMapper json, String envelope) {
        try {
            JsonNode event = json.readTree(envelope);
            long organizationId = event.get("org_id").asLong();
            JsonNode data = event.get("data");
            String collectionId = text(data, "collection_id");
            if (collectionId == null) {
                return Optional.empty();
            }
            return switch (event.path("type").asString("")) {
                case "collection.changed" -> Optional.of(collectionSignal(COLLECTION, organizationId, new CollectionMembership(collectionId,
                        texts(data.get("page_ids")), texts(data.get("url_patterns")))));
                case "collection.deleted" -> Optional.of(collectionSignal(COLLECTION_DELETED, organizationId,
                        new CollectionMembership(collectionId, List.of(), List.of())));
                default -> Optional.empty();
            };
        } catch (RuntimeException unreadable) {
            return Optional.empty();
        }
    }

    private static Signal collectionSignal(String kind, long organizationId, CollectionMembership collection) {
        return new Signal(kind, organizationId, null, kind, null, null, null, null, null, null, null, null, null, null, null, null,
                collection);
    }

    private static List<String> texts(JsonNode array) {
        if (array == null || !array.isArray()) {
            return List.of();
        }
        return array.valueStream().filter(JsonNode::isString).map(JsonNode::asString).toList();
    }

    /** A failed API call: the server failed it, or it never reached one (status ≥ 500 or 0), as detection counts. */
    boolean failedCall() {
        return "api_log".equals(type) && status != null && (status >= 500 || status == 0);
    }

    private static Optional<Double> numberOf(JsonNode data) {
        if (!"NUMBER".equals(text(data, "data_type")) || text(data, "metric_name") == null || !data.path("company_id").isNumber()) {
            return Optional.empty();
        }
        try {
            return Optional.of(Double.parseDouble(text(data, "value")));
        } catch (NumberFormatException | NullPointerException notANumber) {
            return Optional.empty();
        }
    }

    private static String text(JsonNode data, String field) {
        JsonNode value = data.get(field);
        return value != null && value.isString() && !value.asString().isEmpty() ? value.asString() : null;
    }
}
