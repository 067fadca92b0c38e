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
 * The signals of the four topics trigger evaluation reads. A record that does not read as its event,
 * or says nothing the triggers use, gives none: the topology passes over it rather than failing on it.
 */
final class SignalReader {

    private static final List<String> EVENT_TYPES = List.of(TelemetryRecorded.CONSOLE_ERROR, TelemetryRecorded.API_LOG,
            TelemetryRecorded.PAGE_VIEW, TelemetryRecorded.PAGE_LEAVE);

    private final EventReader events;

    SignalReader(EventReader events) {
        this.events = events;
    }

    /** A telemetry event the triggers count, or any event that links its session to a customer. */
    Optional<Signal> telemetry(String envelope) {
        return readable(() -> events.readTelemetry(envelope)).flatMap(read -> {
            TelemetryRecorded event = read.data();
            String customerId = present(event.customerId());
            String sessionId = present(event.sessionId());
            if (event.type() == null || sessionId == null || (!EVENT_TYPES.contains(event.type()) && customerId == null)) {
                return Optional.empty();
            }
            return instantOf(event).map(at -> new Signal.Event(read.orgId(), present(event.eventId()), event.type(), sessionId,
                    customerId, at, present(event.url()), event.status(), event.durationMs()));
        });
    }

    /** A session summary of a session linked to a customer. */
    Optional<Signal> session(String envelope) {
        return readable(() -> events.read(envelope, SessionSummarized.class)).flatMap(event -> {
            SessionSummarized session = event.data();
            if (present(session.customerId()) == null || session.startedAt() == null || session.lastSeenAt() == null) {
                return Optional.empty();
            }
            return Optional.of(new Signal.Session(event.orgId(), session.sessionId(), session.customerId(), session.startedAt(),
                    session.lastSeenAt(), session.pageViewCount()));
        });
    }

    /** A customer's company, a company's number metric, an organization's segment thresholds, or an erasure. */
    Optional<Signal> customerTopic(String envelope) {
        return readable(() -> events.read(envelope)).flatMap(event -> {
            long organizationId = event.orgId();
            DomainEvent data = event.data();
            if (data instanceof CustomerErased erased) {
                return Optional.ofNullable(erased.customerId()).map(customerId -> new Signal.Erasure(organizationId, customerId));
            }
            if (data instanceof CustomerCreated created) {
                return present(created.customerId()) != null && created.companyId() != null
                        ? Optional.of(new Signal.CustomerInCompany(organizationId, created.customerId(), created.companyId()))
                        : Optional.empty();
            }
            if (data instanceof CompanyMetricSet metric) {
                return numberOf(metric).map(value -> new Signal.CompanyMetric(organizationId, metric.companyId(), metric.metricName(), value));
            }
            if (data instanceof ActivitySegmentsChanged segments) {
                return Optional.of(new Signal.Segments(organizationId, SegmentThresholds.of(segments)));
            }
            return Optional.empty();
        });
    }

    /** A page collection's membership, or its deletion. */
    Optional<Signal> collectionTopic(String envelope) {
        return readable(() -> events.read(envelope)).flatMap(event -> {
            DomainEvent data = event.data();
            if (data instanceof CollectionChanged changed && present(changed.collectionId()) != null) {
                return Optional.of(new Signal.Collection(event.orgId(),
                        new CollectionMembership(changed.collectionId(), changed.pageIds(), changed.urlPatterns())));
            }
            if (data instanceof CollectionDeleted deleted && present(deleted.collectionId()) != null) {
                return Optional.of(new Signal.CollectionRemoved(event.orgId(), deleted.collectionId()));
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

    private static <E> Optional<E> readable(Supplier<Optional<E>> reading) {
        try {
            return reading.get();
        } catch (UnreadableRecord unreadable) {
            return Optional.empty();
        }
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
