package io.engagement.platform.event;

import java.time.Instant;

/**
 * A conversation as its visitor sees it, on every widget route and every frame of a visitor's
 * socket: what the thread is and whether someone is on it, never who on the team (no e-mail), how
 * it is sorted ({@code tags}), how long it waited or what the agents have read.
 *
 * @param lastActivityAt the time of the latest message the visitor can see (a private note does not move it)
 * @param unreadCount    agent, bot and system messages after {@code visitorLastReadSeq}
 * @param assignee       the agent on it by name; null while nobody is
 */
public record VisitorConversationView(String conversationId, String channel, String status, Instant createdAt, Instant lastActivityAt,
                                      long visitorLastReadSeq, long unreadCount, Integer rating, Assignee assignee) {

    /** The agent by the name the visitor is shown; null where none was known when they took it (the widget shows its support name). */
    public record Assignee(String name) {
    }
}
