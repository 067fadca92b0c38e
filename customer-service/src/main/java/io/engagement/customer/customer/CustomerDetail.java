package io.engagement.customer.customer;

import com.fasterxml.jackson.annotation.JsonUnwrapped;

import java.time.Instant;

/**
 * A customer fetched by id or e-mail, with where their latest session was. The session fields stay
 * null, and the segment {@code inactive}, for a customer whose sessions have never been seen.
 */
record CustomerDetail(
        @JsonUnwrapped Customer customer,
        String lastSessionId,
        String lastSessionNode,
        Instant lastSessionNodeAt,
        String lastSessionChannel,
        String activitySegment) {

    static CustomerDetail neverSeen(Customer customer) {
        return new CustomerDetail(customer, null, null, null, null, "inactive");
    }
}
