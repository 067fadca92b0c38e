package io.engagement.alert.trigger;

import io.engagement.platform.event.TelemetryRecorded;

import java.time.Instant;

/**
 * What trigger evaluation needs of one record of the telemetry, session, customer or page
 * collection topic, re-keyed by organization so that one task sees an organization's sessions,
 * customers, companies and thresholds together. {@link SignalReader} reads them from the topics;
 * {@link RepartitionedSignal} is their form on the repartition topic.
 */
sealed interface Signal {

    long organizationId();

    /**
     * A telemetry event the triggers count, or any event that links its session to a customer.
     *
     * @param eventId  null when the event has none, so it cannot be told apart from a resent copy
     * @param at       the event's own time
     * @param status   an {@code api_log}'s status; null for other types
     */
    record Event(long organizationId, String eventId, String type, String sessionId, String customerId, Instant at, String url,
                 Integer status, Double durationMs) implements Signal {

        /** A failed API call: the server failed it, or it never reached one (status ≥ 500 or 0), as detection counts. */
        boolean failedCall() {
            return TelemetryRecorded.API_LOG.equals(type) && status != null && (status >= 500 || status == 0);
        }
    }

    /** A session summary of a session linked to a customer, up to its last-seen time. */
    record Session(long organizationId, String sessionId, String customerId, Instant startedAt, Instant lastSeenAt,
                   long pageViewCount) implements Signal {

        long startMs() {
            return startedAt.toEpochMilli();
        }
    }

    /** A customer created in a company (integer id). */
    record CustomerInCompany(long organizationId, String customerId, long companyId) implements Signal {
    }

    /** A company's number metric set to a value. */
    record CompanyMetric(long organizationId, long companyId, String metricName, double value) implements Signal {
    }

    /** The organization's activity segment thresholds changed. */
    record Segments(long organizationId, SegmentThresholds thresholds) implements Signal {
    }

    /** A customer erased: the triggers forget them. */
    record Erasure(long organizationId, String customerId) implements Signal {
    }

    /** A page collection's membership, as published. */
    record Collection(long organizationId, CollectionMembership membership) implements Signal {
    }

    /** A page collection deleted. */
    record CollectionRemoved(long organizationId, String collectionId) implements Signal {
    }
}
