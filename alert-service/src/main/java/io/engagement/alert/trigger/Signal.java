package io.engagement.alert.trigger;

import io.engagement.platform.binding.UnreadableRecord;
import io.engagement.platform.event.ActivitySegmentsChanged;
import io.engagement.platform.event.CollectionChanged;
import io.engagement.platform.event.CollectionDeleted;
import io.engagement.platform.event.CompanyMetricSet;
import io.engagement.platform.event.CustomerCreated;
import io.engagement.platform.event.CustomerErased;
import io.engagement.platform.event.DomainEvent;
import io.engagement.platform.event.EventReader;
import io.engagement.platform.event.SessionSummarized;
import io.engagement.platform.event.TelemetryRecorded;

import java.time.DateTimeException;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

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

    private static final List<String> EVENT_TYPES = List.of(TelemetryRecorded.CONSOLE_ERROR, TelemetryRecorded.API_LOG,
            TelemetryRecorded.PAGE_VIEW, TelemetryRecorded.PAGE_LEAVE);

    /** A telemetry event the triggers count, or any event that links its session to a customer. */
    static Optional<Signal> ofTelemetry(EventReader events, String envelope) {
        return readable(() -> events.readTelemetry(envelope)).flatMap(read -> {
            TelemetryRecorded event = read.data();
            String customerId = present(event.customerId());
            String sessionId = present(event.sessionId());
            if (event.type() == null || sessionId == null || (!EVENT_TYPES.contains(event.type()) && customerId == null)) {
                return Optional.empty();
            }
            return instantOf(event).map(at -> new Signal(EVENT, read.orgId(), present(event.eventId()), event.type(), sessionId,
                    customerId, at, present(event.url()), event.status(), event.durationMs(),
                    null, null, null, null, null, null, null));
        });
    }

    /** A session summary of a session linked to a customer. */
    static Optional<Signal> ofSession(EventReader events, String envelope) {
        return readable(() -> events.read(envelope, SessionSummarized.class)).flatMap(event -> {
            SessionSummarized session = event.data();
            if (present(session.customerId()) == null || session.startedAt() == null || session.lastSeenAt() == null) {
                return Optional.empty();
            }
            return Optional.of(new Signal(SESSION, event.orgId(), null, SESSION, session.sessionId(), session.customerId(),
                    session.lastSeenAt(), null, null, null, session.startedAt(), session.pageViewCount(), null, null, null, null, null));
        });
    }

    /** A customer's company, a company's number metric, an organization's segment thresholds, or an erasure. */
    static Optional<Signal> ofCustomerTopic(EventReader events, String envelope) {
        return readable(() -> events.read(envelope)).flatMap(event -> {
            long organizationId = event.orgId();
            DomainEvent data = event.data();
            if (data instanceof CustomerErased erased) {
                return Optional.ofNullable(erased.customerId()).map(customerId -> new Signal(ERASED, organizationId, null, ERASED, null,
                        customerId, null, null, null, null, null, null, null, null, null, null, null));
            }
            if (data instanceof CustomerCreated created) {
                return present(created.customerId()) != null && created.companyId() != null
                        ? Optional.of(new Signal(CUSTOMER, organizationId, null, CUSTOMER, null, created.customerId(), null, null, null,
                        null, null, null, created.companyId(), null, null, null, null))
                        : Optional.empty();
            }
            if (data instanceof CompanyMetricSet metric) {
                return numberOf(metric).map(value -> new Signal(METRIC, organizationId, null, METRIC, null, null, null, null, null, null,
                        null, null, metric.companyId(), metric.metricName(), value, null, null));
            }
            if (data instanceof ActivitySegmentsChanged segments) {
                return Optional.of(new Signal(SEGMENTS, organizationId, null, SEGMENTS, null, null, null, null, null, null, null, null,
                        null, null, null, SegmentThresholds.of(segments), null));
            }
            return Optional.empty();
        });
    }

    /** A page collection's membership, or its deletion. */
    static Optional<Signal> ofCollectionTopic(EventReader events, String envelope) {
        return readable(() -> events.read(envelope)).flatMap(event -> {
            DomainEvent data = event.data();
            if (data instanceof CollectionChanged changed && present(changed.collectionId()) != null) {
                return Optional.of(collectionSignal(COLLECTION, event.orgId(),
                        new CollectionMembership(changed.collectionId(), changed.pageIds(), changed.urlPatterns())));
            }
            if (data instanceof CollectionDeleted deleted && present(deleted.collectionId()) != null) {
                return Optional.of(collectionSignal(COLLECTION_DELETED, event.orgId(),
                        new CollectionMembership(deleted.collectionId(), List.of(), List.of())));
            }
            return Optional.empty();
        });
    }

    /** The time of a telemetry event; none without one that reads, an event the topology passes over like an unreadable record. */
    private static Optional<Instant> instantOf(TelemetryRecorded event) {
        try {
            return Optional.ofNullable(event.at());
        } catch (DateTimeException noTime) {
            return Optional.empty();
        }
    }

    /** The event a record carries; none for one that cannot be read, which the topology passes over rather than failing on it. */
    private static <E> Optional<E> readable(Supplier<Optional<E>> reading) {
        try {
            return reading.get();
        } catch (UnreadableRecord unreadable) {
            return Optional.empty();
        }
    }

    private static Signal collectionSignal(String kind, long organizationId, CollectionMembership collection) {
        return new Signal(kind, organizationId, null, kind, null, null, null, null, null, null, null, null, null, null, null, null,
                collection);
    }

    /** A failed API call: the server failed it, or it never reached one (status ≥ 500 or 0), as detection counts. */
    boolean failedCall() {
        return TelemetryRecorded.API_LOG.equals(type) && status != null && (status >= 500 || status == 0);
    }

    private static Optional<Double> numberOf(CompanyMetricSet metric) {
        if (!"NUMBER".equals(metric.dataType()) || present(metric.metricName()) == null || metric.value() == null) {
            return Optional.empty();
        }
        try {
            return Optional.of(Double.parseDouble(metric.value()));
        } catch (NumberFormatException notANumber) {
            return Optional.empty();
        }
    }

    private static String present(String value) {
        return value == null || value.isEmpty() ? null : value;
    }
}
