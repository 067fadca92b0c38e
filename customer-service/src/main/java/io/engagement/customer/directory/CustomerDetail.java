package io.engagement.customer.directory;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import io.engagement.customer.activity.ActivitySegment;
import io.engagement.customer.activity.LatestSession;
import io.engagement.customer.activity.SegmentRule;

import java.time.Instant;

/**
 * A customer fetched by id or e-mail, with where their latest session was. The session fields stay
 * null for a customer whose sessions have never been seen.
 */
record CustomerDetail(
        @JsonUnwrapped Customer customer,
        String lastSessionId,
        String lastSessionNode,
        Instant lastSessionNodeAt,
        String lastSessionChannel,
        ActivitySegment activitySegment) {

    static CustomerDetail of(StoredCustomer stored, SegmentRule segments) {
        LatestSession session = stored.latestSession();
        ActivitySegment segment = segments.segmentOf(session);
        if (session == null) {
            return new CustomerDetail(stored.customer(), null, null, null, null, segment);
        }
        return new CustomerDetail(stored.customer(), session.sessionId(), session.node(), session.nodeAt(), session.channel(),
                segment);
    }
}
