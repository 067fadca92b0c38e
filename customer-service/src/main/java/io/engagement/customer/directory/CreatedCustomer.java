package io.engagement.customer.directory;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import io.engagement.customer.activity.ActivitySegment;
import io.engagement.customer.activity.SegmentRule;

/**
 * A customer as a create answers it: every customer object carries its activity segment, which for
 * a new customer follows a session seen before they were created, else is {@code inactive}.
 */
record CreatedCustomer(@JsonUnwrapped Customer customer, ActivitySegment activitySegment) {

    static CreatedCustomer of(StoredCustomer stored, SegmentRule segments) {
        return new CreatedCustomer(stored.customer(), segments.segmentOf(stored.latestSession()));
    }
}
