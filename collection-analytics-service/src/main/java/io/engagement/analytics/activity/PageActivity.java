package io.engagement.analytics.activity;

import java.time.Instant;

/**
 * One counted event's contribution to its page's rollup, or the move of a session's exit from the
 * page it left. Published once per counted event on the page-activity topic, keyed
 * {@code org:page_id} so every contribution to a page is applied by one consumer, in order.
 *
 * @param user the visitor a page view counts for unique users: customer, else anonymous, else session
 */
public record PageActivity(long organizationId, String pageId, Instant at, int visits, int exits, int leaves,
                           double durationMs, double scrollDepth, int errors, int rageClicks, String user) {

    public String key() {
        return organizationId + ":" + pageId;
    }

    static PageActivity view(long organizationId, String pageId, Instant at, String user, boolean lastOfSession) {
        return new PageActivity(organizationId, pageId, at, 1, lastOfSession ? 1 : 0, 0, 0, 0, 0, 0, user);
    }

    /** The session went on from this view, so it is no longer the session's last. */
    static PageActivity exitMoved(long organizationId, String pageId, Instant at) {
        return new PageActivity(organizationId, pageId, at, 0, -1, 0, 0, 0, 0, 0, null);
    }

    static PageActivity leave(long organizationId, String pageId, Instant at, double durationMs, double scrollDepth) {
        return new PageActivity(organizationId, pageId, at, 0, 0, 1, durationMs, scrollDepth, 0, 0, null);
    }

    static PageActivity error(long organizationId, String pageId, Instant at) {
        return new PageActivity(organizationId, pageId, at, 0, 0, 0, 0, 0, 1, 0, null);
    }

    static PageActivity rageClick(long organizationId, String pageId, Instant at) {
        return new PageActivity(organizationId, pageId, at, 0, 0, 0, 0, 0, 0, 1, null);
    }
}
