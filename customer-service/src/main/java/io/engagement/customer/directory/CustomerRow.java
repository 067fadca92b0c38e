package io.engagement.customer.directory;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import io.engagement.customer.activity.ActivitySegment;

/** A customer in a list, with its company's name and activity segment. */
record CustomerRow(@JsonUnwrapped Customer customer, String companyName, ActivitySegment activitySegment) {
}
