package io.engagement.customer.conversation;

import io.engagement.platform.event.SessionView;

import java.time.Instant;
import java.util.List;

/**
 * What a conversation's session tells an agent: its intelligence (as {@code GET /external/v1/sessions/{id}}
 * shows it), the pages it saw and the errors it met, newest first, at most {@link #RECENT} of each.
 * Learnt from the session and telemetry topics; empty when the conversation has no session or
 * nothing of it was seen.
 */
record SessionContext(SessionView session, List<String> recentPages, List<RecentError> recentErrors) {

    static final int RECENT = 10;
    static final SessionContext NONE = new SessionContext(null, List.of(), List.of());

    SessionContext {
        recentPages = List.copyOf(recentPages);
        recentErrors = List.copyOf(recentErrors);
    }

    /** A console error, or an API call that failed, on a page of the session. */
    record RecentError(String message, String url, Instant at) {
    }
}
