package io.engagement.customer.metric;

import com.fasterxml.jackson.annotation.JsonUnwrapped;

/** A company's value of a metric was set; the event's data is the value as stored. */
record CompanyMetricSet(@JsonUnwrapped MetricValue value) {

    static final String TYPE = "company_metric.set";
}
