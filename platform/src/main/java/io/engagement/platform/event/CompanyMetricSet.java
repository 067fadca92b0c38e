package io.engagement.platform.event;

import java.time.Instant;

/**
 * A company's value of a metric was set ({@link Topics#CUSTOMER}, keyed {@code org:company_id}, the
 * company's public id, so one company's values stay in order): the value as stored, as text
 * whatever its {@code dataType} ({@code NUMBER}, {@code STRING}, ...).
 */
@EventType("company_metric.set")
public record CompanyMetricSet(long id, long companyId, long metricId, String metricName, String dataType, String value,
                               Instant timeCreated, Instant timeUpdated) implements DomainEvent {
}
