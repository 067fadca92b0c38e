package io.engagement.customer.metric;

import com.fasterxml.jackson.annotation.JsonUnwrapped;

/** A metric was defined; the event's data is the definition as stored. */
record MetricDefined(@JsonUnwrapped MetricDefinition definition) {

    static final String TYPE = "metric.defined";
}
