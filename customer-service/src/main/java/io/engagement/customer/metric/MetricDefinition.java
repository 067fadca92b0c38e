package io.engagement.customer.metric;

import java.time.Instant;

/** A metric the organization tracks for its companies. */
record MetricDefinition(
        long id,
        String metricId,
        String name,
        String description,
        String dataType,
        long organizationId,
        Instant timeCreated,
        Instant timeUpdated) {
}
