package io.engagement.platform.event;

import java.time.Instant;
import java.util.List;

/**
 * A conversation as the API shows it and as its events carry it: one thread between an
 * organization and one person, on the chat widget or WhatsApp.
 *
 * @param status        {@code pending} (the bot is answering), {@code open}, {@code snoozed} or {@code resolved}
 * @param waitingSince  the oldest visitor message no agent has answered since; null when none
 * @param unreadCount   visitor messages after {@code agentLastReadSeq}
 * @param rating        the visitor's rating (1-5) once resolved; null before
 * @param ratingComment what the visitor wrote with the rating; null without one
 */
public record ConversationView(String conversationId, String channel, String status, ConversationVisitor visitor, String sessionId,
                               String assigneeEmail, List<String> tags, Instant createdAt, Instant lastActivityAt, Instant waitingSince,
                               Instant firstReplyAt, long unreadCount, long visitorLastReadSeq, long agentLastReadSeq, Integer rating,
                               String ratingComment, Instant snoozedUntil) {

    public static final String PENDING = "pending";
    public static final String OPEN = "open";
    public static final String SNOOZED = "snoozed";
    public static final String RESOLVED = "resolved";
    public static final List<String> STATUSES = List.of(PENDING, OPEN, SNOOZED, RESOLVED);

    public static final String WIDGET = "widget";
    public static final String WHATSAPP = "whatsapp";
    public static final List<String> CHANNELS = List.of(WIDGET, WHATSAPP);

    public ConversationView {
        tags = tags == null ? List.of() : List.copyOf(tags);
    }
}
