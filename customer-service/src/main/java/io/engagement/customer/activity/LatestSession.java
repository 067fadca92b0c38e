package io.engagement.customer.activity;

import io.engagement.platform.event.SessionSummarized;
import org.bson.Document;

import java.time.Instant;
import java.util.Comparator;

import static io.engagement.platform.store.Documents.date;
import static io.engagement.platform.store.Documents.instantOf;

/**
 * A customer's latest session as kept on the customer: where it was last ({@code node}, a display
 * URL, and when), its channel, and what orders one summary against another.
 */
public record LatestSession(String sessionId, String node, Instant nodeAt, String channel, Instant lastSeenAt,
                            long eventCount) {

    /** Where a customer document keeps it. */
    static final String FIELD = "last_session";

    /**
     * Sessions by when they were last seen; a tie between two sessions goes to the larger id, so
     * every consumer settles on the same one whatever order the summaries came in.
     */
    private static final Comparator<LatestSession> ACROSS_SESSIONS = Comparator
            .comparing(LatestSession::lastSeenAt)
            .thenComparing(LatestSession::sessionId);
    /** One session's summaries: a later one has counted more events. */
    private static final Comparator<LatestSession> WITHIN_A_SESSION = Comparator
            .comparingLong(LatestSession::eventCount)
            .thenComparing(LatestSession::lastSeenAt);

    static LatestSession of(SessionSummarized summary) {
        return new LatestSession(summary.sessionId(), summary.lastUrl(), summary.lastUrlAt(), summary.channel(),
                summary.lastSeenAt(), summary.eventCount());
    }

    /**
     * Whether this summary should replace {@code stored}: a later session, or a later summary of the
     * same session. Redelivered and reordered summaries never win over what they are older than.
     */
    boolean supersedes(LatestSession stored) {
        if (stored == null) {
            return true;
        }
        Comparator<LatestSession> order = sessionId.equals(stored.sessionId()) ? WITHIN_A_SESSION : ACROSS_SESSIONS;
        return order.compare(this, stored) > 0;
    }

    /** The newer of the two; {@code other} may be null. */
    LatestSession newer(LatestSession other) {
        return supersedes(other) ? this : other;
    }

    /** The latest session kept on a customer document, or null for a customer never seen. */
    static LatestSession storedIn(Document customer) {
        Document stored = customer.get(FIELD, Document.class);
        return stored == null ? null : fromDocument(stored);
    }

    Document toDocument() {
        return new Document("session_id", sessionId)
                .append("node", node)
                .append("node_at", date(nodeAt))
                .append("channel", channel)
                .append("last_seen_at", date(lastSeenAt))
                .append("event_count", eventCount);
    }

    static LatestSession fromDocument(Document document) {
        return new LatestSession(document.getString("session_id"), document.getString("node"), instantOf(document, "node_at"),
                document.getString("channel"), instantOf(document, "last_seen_at"), ((Number) document.get("event_count")).longValue());
    }
}
