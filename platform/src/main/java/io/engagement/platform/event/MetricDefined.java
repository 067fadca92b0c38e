package io.engagement.platform.event;

import java.time.Instant;

/** A metric was defined ({@link Topics#CUSTOMER}, keyed {@code org:metric_id}): the definition as stored. */
@EventType("metric.defined")
public record MetricDefined(long id, String metricId, String name, String description, String dataType, long organizationId,
                            Instant timeCreated, Instant timeUpdated) implements DomainEvent {
}
