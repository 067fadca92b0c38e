package io.engagement.customer.conversation;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.engagement.platform.event.SessionView;
import org.springframework.stereotype.Component;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Optional;

/**
 * What this replica has seen lately of each session whose telemetry or summaries it reads: the
 * last pages and errors, and the latest summary. Kept in memory for every session, written to the
 * database only for sessions that have a conversation ({@link WatchedSessions}): a visitor who
 * starts chatting after browsing a while brings the pages they saw, without the service storing
 * the pages of every session that never chats.
 */
@Component
class RecentActivity {

    private static final long SESSIONS_KEPT = 50_000;
    private static final Duration KEPT_FOR = Duration.ofHours(2);

    private final Cache<String, Recent> sessions = Caffeine.newBuilder()
            .maximumSize(SESSIONS_KEPT)
            .expireAfterAccess(KEPT_FOR)
            .build();

    void page(String sessionKey, String url) {
        recent(sessionKey).page(url);
    }

    void error(String sessionKey, SessionContext.RecentError error) {
        recent(sessionKey).error(error);
    }

    void summary(String sessionKey, SessionView session) {
        recent(sessionKey).summary(session);
    }

    Optional<Snapshot> of(String sessionKey) {
        return Optional.ofNullable(sessions.getIfPresent(sessionKey)).map(Recent::snapshot);
    }

    private Recent recent(String sessionKey) {
        return sessions.get(sessionKey, key -> new Recent());
    }

    /** A session's recent activity at one moment; {@code session} is null until a summary was seen. */
    record Snapshot(SessionView session, List<String> pages, List<SessionContext.RecentError> errors) {
    }

    /** One session's, newest first; each list at most {@link SessionContext#RECENT} long. */
    private static final class Recent {

        private final Deque<String> pages = new ArrayDeque<>();
        private final Deque<SessionContext.RecentError> errors = new ArrayDeque<>();
        private SessionView session;

        synchronized void page(String url) {
            pages.remove(url);
            pages.addFirst(url);
            while (pages.size() > SessionContext.RECENT) {
                pages.removeLast();
            }
        }

        synchronized void error(SessionContext.RecentError error) {
            errors.addFirst(error);
            while (errors.size() > SessionContext.RECENT) {
                errors.removeLast();
            }
        }

        synchronized void summary(SessionView latest) {
            if (session == null || !latest.lastSeenAt().isBefore(session.lastSeenAt())) {
                session = latest;
            }
        }

        synchronized Snapshot snapshot() {
            return new Snapshot(session, List.copyOf(pages), List.copyOf(errors));
        }
    }
}
