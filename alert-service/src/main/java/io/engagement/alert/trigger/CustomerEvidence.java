package io.engagement.alert.trigger;

import java.util.Collection;
import java.util.List;
import java.util.stream.Stream;

/**
 * What the triggers know of one customer across sessions, kept in the processor's store as JSON.
 * Sessions come from the summaries of session intelligence; the latest is the one that started last.
 *
 * @param companyId          the customer's company (integer id), once the customer's creation was seen
 * @param firstSeenMs        the earliest start of any of the customer's sessions; null before one
 * @param latestSessionId    the session that started last
 * @param latestStartMs      its start
 * @param latestLastSeenMs   its last-seen time
 * @param priorLastSeenMs    the latest last-seen of every other session: when the customer was seen
 *                           before the latest session; null while the latest is the only one
 * @param fired              once-per-customer marks: {@code onboarding}, {@code upsell:<metric>},
 *                           {@code feature_discovery:<collection ids>}: bounded by the settings the
 *                           triggers were configured with
 * @param viewedCollections  the page collections the customer has viewed a page of (ids, as the
 *                           collections were when the view arrived): a set bounded by the
 *                           organization's collections, never the page history
 */
record CustomerEvidence(Long companyId, Long firstSeenMs, String latestSessionId, Long latestStartMs, Long latestLastSeenMs,
                        Long priorLastSeenMs, List<String> fired, List<String> viewedCollections) {

    CustomerEvidence {
        fired = fired == null ? List.of() : List.copyOf(fired);
        viewedCollections = viewedCollections == null ? List.of() : List.copyOf(viewedCollections);
    }

    static CustomerEvidence unknown() {
        return new CustomerEvidence(null, null, null, null, null, null, List.of(), List.of());
    }

    CustomerEvidence inCompany(long company) {
        return new CustomerEvidence(company, firstSeenMs, latestSessionId, latestStartMs, latestLastSeenMs, priorLastSeenMs, fired,
                viewedCollections);
    }

    /**
     * A session summary: the latest session again (its last-seen moves on), a newer session (the
     * latest so far becomes the prior), or an older one read late (it only moves the prior).
     */
    CustomerEvidence withSession(String sessionId, long startMs, long lastSeenMs) {
        Long first = firstSeenMs == null ? startMs : Math.min(firstSeenMs, startMs);
        if (latestSessionId == null) {
            return new CustomerEvidence(companyId, first, sessionId, startMs, lastSeenMs, priorLastSeenMs, fired, viewedCollections);
        }
        if (latestSessionId.equals(sessionId)) {
            return new CustomerEvidence(companyId, first, sessionId, Math.min(latestStartMs, startMs),
                    Math.max(latestLastSeenMs, lastSeenMs), priorLastSeenMs, fired, viewedCollections);
        }
        if (startMs >= latestStartMs) {
            return new CustomerEvidence(companyId, first, sessionId, startMs, lastSeenMs, max(priorLastSeenMs, latestLastSeenMs), fired,
                    viewedCollections);
        }
        return new CustomerEvidence(companyId, first, latestSessionId, latestStartMs, latestLastSeenMs,
                max(priorLastSeenMs, lastSeenMs), fired, viewedCollections);
    }

    /** The latest session is the customer's only one so far. */
    boolean firstSession() {
        return latestSessionId != null && priorLastSeenMs == null;
    }

    boolean hasFired(String mark) {
        return fired.contains(mark);
    }

    CustomerEvidence firing(String mark) {
        return new CustomerEvidence(companyId, firstSeenMs, latestSessionId, latestStartMs, latestLastSeenMs, priorLastSeenMs,
                Stream.concat(fired.stream(), Stream.of(mark)).toList(), viewedCollections);
    }

    boolean viewed(String collectionId) {
        return viewedCollections.contains(collectionId);
    }

    /** The customer viewed a page of these collections; the same evidence when none is new. */
    CustomerEvidence viewing(Collection<String> collectionIds) {
        List<String> added = collectionIds.stream().filter(id -> !viewed(id)).distinct().toList();
        return added.isEmpty() ? this : new CustomerEvidence(companyId, firstSeenMs, latestSessionId, latestStartMs, latestLastSeenMs,
                priorLastSeenMs, fired, Stream.concat(viewedCollections.stream(), added.stream()).toList());
    }

    private static Long max(Long a, long b) {
        return a == null ? b : Math.max(a, b);
    }
}
