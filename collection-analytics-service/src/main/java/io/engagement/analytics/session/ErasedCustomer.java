package io.engagement.analytics.session;

import io.engagement.platform.event.CustomerErased;
import io.engagement.platform.event.EventEnvelope;

import java.util.List;
import java.util.Locale;

/**
 * What session intelligence needs of a {@link CustomerErased}: whom to forget (their public id and
 * e-mail, as sessions name them), in which organization, and the sessions the customer service knew of.
 */
record ErasedCustomer(long organizationId, String customerId, String email, List<String> sessionIds) {

    static ErasedCustomer of(EventEnvelope<CustomerErased> erasure) {
        CustomerErased erased = erasure.data();
        return new ErasedCustomer(erasure.orgId(), erased.customerId(), erased.email(), erased.sessionIds());
    }

    /** Whether a session is this person's: it names their public id or their e-mail (in any case). */
    boolean owns(SessionState session) {
        return session.organizationId() == organizationId
                && (customerId != null && customerId.equals(session.customerId()) || sessionIds.contains(session.sessionId())
                || email != null && session.email() != null && email.toLowerCase(Locale.ROOT).equals(session.email().strip().toLowerCase(Locale.ROOT)));
    }
}
