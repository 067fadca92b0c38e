package io.engagement.customer.conversation;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Who has read what in a conversation. Read marks never move back, nor past the last message.
 *
 * @param unreadSeqs          the visitor messages after the agents' read mark; their count is {@code unread_count}
 * @param lastAgentReplySeq   the seq of the agents' latest public reply
 * @param replyUnreadSince    when the oldest agent reply the visitor has not read (nor been e-mailed) was written; null when none
 * @param mailedThroughSeq    the last seq an unread-replies e-mail covered
 */
record Reading(List<Long> unreadSeqs, long visitorLastReadSeq, long agentLastReadSeq, long lastAgentReplySeq, Instant replyUnreadSince,
               long mailedThroughSeq) {

    /** Unread visitor messages kept by seq; past this many only the newest are (an inbox shows "many" long before). */
    static final int MAX_UNREAD_KEPT = 5_000;
    static final Reading NONE = new Reading(List.of(), 0, 0, 0, null, 0);

    Reading {
        unreadSeqs = List.copyOf(unreadSeqs);
    }

    long unreadCount() {
        return unreadSeqs.size();
    }

    Reading visitorWrote(long seq) {
        List<Long> unread = new ArrayList<>(unreadSeqs);
        unread.add(seq);
        if (unread.size() > MAX_UNREAD_KEPT) {
            unread = unread.subList(unread.size() - MAX_UNREAD_KEPT, unread.size());
        }
        return new Reading(unread, visitorLastReadSeq, agentLastReadSeq, lastAgentReplySeq, replyUnreadSince, mailedThroughSeq);
    }

    /** An agent's public reply waits for the visitor from the oldest one they have not read. */
    Reading agentReplied(long seq, Instant at) {
        return new Reading(unreadSeqs, visitorLastReadSeq, agentLastReadSeq, Math.max(lastAgentReplySeq, seq),
                replyUnreadSince == null ? at : replyUnreadSince, mailedThroughSeq);
    }

    /** The visitor's mark; once it reaches the latest reply, no reply waits any more. */
    Reading readByVisitor(long seq, long lastSeq) {
        long mark = Math.max(visitorLastReadSeq, Math.min(seq, lastSeq));
        return new Reading(unreadSeqs, mark, agentLastReadSeq, lastAgentReplySeq, mark >= lastAgentReplySeq ? null : replyUnreadSince,
                mailedThroughSeq);
    }

    /** The agents' mark; what it passes is no longer unread. */
    Reading readByAgent(long seq, long lastSeq) {
        long mark = Math.max(agentLastReadSeq, Math.min(seq, lastSeq));
        List<Long> unread = unreadSeqs.stream().filter(unreadSeq -> unreadSeq > mark).toList();
        return new Reading(unread, visitorLastReadSeq, mark, lastAgentReplySeq, replyUnreadSince, mailedThroughSeq);
    }

    Reading mailedThrough(long seq) {
        return new Reading(unreadSeqs, visitorLastReadSeq, agentLastReadSeq, lastAgentReplySeq, null, Math.max(mailedThroughSeq, seq));
    }
}
