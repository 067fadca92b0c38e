package io.engagement.customer.metric;

import java.time.Instant;

/** One company's value of one metric; {@code companyId} and {@code metricId} are integer ids. */
record MetricValue(
        long id,
        long companyId,
        long metricId,
        String metricName,
        String dataType,
        String value,
        Instant timeCreated,
        Instant timeUpdated) {
}
