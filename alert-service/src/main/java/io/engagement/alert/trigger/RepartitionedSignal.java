package io.engagement.alert.trigger;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * A signal as the repartition topic {@code trigger-signals-by-organization} carries it: one flat JSON
 * object whatever its kind, every field present and null where the kind has none. The records on the
 * topic when the service stops are read by the next version to start, so this layout stays as it is
 * (TriggerLayoutTest holds it).
 *
 * @param kind  {@code event}, {@code session}, {@code customer} (a customer's company), {@code metric},
 *              {@code segments}, {@code erased}, {@code collection} or {@code collection_deleted}
 * @param type  a telemetry event's type; the kind again for the others
 * @param at    an event's time; a session's last-seen time
 */
record RepartitionedSignal(String kind, long organizationId, String eventId, String type, String sessionId, String customerId,
                           Instant at, String url, Integer status, Double durationMs, Instant startedAt, Long pageViewCount,
                           Long companyId, String metricName, Double metricValue, SegmentThresholds segments,
                           CollectionMembership collection) {

    private static final String EVENT = "event";
    private static final String SESSION = "session";
    private static final String CUSTOMER = "customer";
    private static final String METRIC = "metric";
    private static final String SEGMENTS = "segments";
    private static final String ERASED = "erased";
    private static final String COLLECTION = "collection";
    private static final String COLLECTION_DELETED = "collection_deleted";

    static RepartitionedSignal of(Signal signal) {
        long org = signal.organizationId();
        if (signal instanceof Signal.Event event) {
            return new RepartitionedSignal(EVENT, org, event.eventId(), event.type(), event.sessionId(), event.customerId(), event.at(),
                    event.url(), event.status(), event.durationMs(), null, null, null, null, null, null, null);
        }
        if (signal instanceof Signal.Session session) {
            return new RepartitionedSignal(SESSION, org, null, SESSION, session.sessionId(), session.customerId(), session.lastSeenAt(),
                    null, null, null, session.startedAt(), session.pageViewCount(), null, null, null, null, null);
        }
        if (signal instanceof Signal.CustomerInCompany customer) {
            return new RepartitionedSignal(CUSTOMER, org, null, CUSTOMER, null, customer.customerId(), null, null, null, null, null,
                    null, customer.companyId(), null, null, null, null);
        }
        if (signal instanceof Signal.CompanyMetric metric) {
            return new RepartitionedSignal(METRIC, org, null, METRIC, null, null, null, null, null, null, null, null,
                    metric.companyId(), metric.metricName(), metric.value(), null, null);
        }
        if (signal instanceof Signal.Segments segments) {
            return new RepartitionedSignal(SEGMENTS, org, null, SEGMENTS, null, null, null, null, null, null, null, null, null, null,
                    null, segments.thresholds(), null);
        }
        if (signal instanceof Signal.Erasure erasure) {
            return new RepartitionedSignal(ERASED, org, null, ERASED, null, erasure.customerId(), null, null, null, null, null, null,
                    null, null, null, null, null);
        }
        if (signal instanceof Signal.Collection collection) {
            return ofCollection(COLLECTION, org, collection.membership());
        }
        Signal.CollectionRemoved removed = (Signal.CollectionRemoved) signal;
        return ofCollection(COLLECTION_DELETED, org, new CollectionMembership(removed.collectionId(), List.of(), List.of()));
    }

    /** The signal; none of a kind this version does not know, which evaluation passes over. */
    Optional<Signal> signal() {
        return switch (kind) {
            case EVENT -> Optional.of(new Signal.Event(organizationId, eventId, type, sessionId, customerId, at, url, status, durationMs));
            case SESSION -> Optional.of(new Signal.Session(organizationId, sessionId, customerId, startedAt, at, pageViewCount));
            case CUSTOMER -> Optional.of(new Signal.CustomerInCompany(organizationId, customerId, companyId));
            case METRIC -> Optional.of(new Signal.CompanyMetric(organizationId, companyId, metricName, metricValue));
            case SEGMENTS -> Optional.of(new Signal.Segments(organizationId, segments));
            case ERASED -> Optional.of(new Signal.Erasure(organizationId, customerId));
            case COLLECTION -> Optional.of(new Signal.Collection(organizationId, collection));
            case COLLECTION_DELETED -> Optional.of(new Signal.CollectionRemoved(organizationId, collection.collectionId()));
            default -> Optional.empty();
        };
    }

    private static RepartitionedSignal ofCollection(String kind, long org, CollectionMembership collection) {
        return new RepartitionedSignal(kind, org, null, kind, null, null, null, null, null, null, null, null, null, null, null, null,
                collection);
    }
}
