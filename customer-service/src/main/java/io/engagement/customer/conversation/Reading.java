package io.engagement.customer.conversation;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Who has read what in a conversation. Read marks never move back, nor past the last message.
 *
 * @param unreadSeqs          the visitor messages after the agents' read mark; their count is the agents' {@code unread_count}
 * @param visitorUnreadSeqs   the agent, bot and system messages after the visitor's read mark; their count is the visitor's
 * @param lastAgentReplySeq   the seq of the agents' latest public reply
 * @param replyUnreadSince    when the oldest agent reply the visitor has not read (nor been e-mailed) was written; null when none
 * @param mailedThroughSeq    the last seq an unread-replies e-mail covered
 */
record Reading(List<Long> unreadSeqs, List<Long> visitorUnreadSeqs, long visitorLastReadSeq, long agentLastReadSeq,
               long lastAgentReplySeq, Instant replyUnreadSince, long mailedThroughSeq) {

    /** Unread messages kept by seq, on each side; past this many only the newest are (an inbox shows "many" long before). */
    static final int MAX_UNREAD_KEPT = 5_000;
    static final Reading NONE = new Reading(List.of(), List.of(), 0, 0, 0, null, 0);

    Reading {
        unreadSeqs = List.copyOf(unreadSeqs);
        visitorUnreadSeqs = List.copyOf(visitorUnreadSeqs);
    }

    long unreadCount() {
        return unreadSeqs.size();
    }

    long visitorUnreadCount() {
        return visitorUnreadSeqs.size();
    }

    Reading visitorWrote(long seq) {
        return new Reading(appended(unreadSeqs, seq), visitorUnreadSeqs, visitorLastReadSeq, agentLastReadSeq, lastAgentReplySeq,
                replyUnreadSince, mailedThroughSeq);
    }

    /** A bot's or a system message: the visitor has it to read. */
    Reading wroteToVisitor(long seq) {
        return new Reading(unreadSeqs, appended(visitorUnreadSeqs, seq), visitorLastReadSeq, agentLastReadSeq, lastAgentReplySeq,
                replyUnreadSince, mailedThroughSeq);
    }

    /** An agent's public reply waits for the visitor from the oldest one they have not read. */
    Reading agentReplied(long seq, Instant at) {
        return new Reading(unreadSeqs, appended(visitorUnreadSeqs, seq), visitorLastReadSeq, agentLastReadSeq, Math.max(lastAgentReplySeq, seq),
                replyUnreadSince == null ? at : replyUnreadSince, mailedThroughSeq);
    }

    /** The visitor's mark; once it reaches the latest reply, no reply waits any more. */
    Reading readByVisitor(long seq, long lastSeq) {
        long mark = Math.max(visitorLastReadSeq, Math.min(seq, lastSeq));
        return new Reading(unreadSeqs, after(visitorUnreadSeqs, mark), mark, agentLastReadSeq, lastAgentReplySeq,
                mark >= lastAgentReplySeq ? null : replyUnreadSince, mailedThroughSeq);
    }

    /** The agents' mark; what it passes is no longer unread. */
    Reading readByAgent(long seq, long lastSeq) {
        long mark = Math.max(agentLastReadSeq, Math.min(seq, lastSeq));
        return new Reading(after(unreadSeqs, mark), visitorUnreadSeqs, visitorLastReadSeq, mark, lastAgentReplySeq, replyUnreadSince,
                mailedThroughSeq);
    }

    Reading mailedThrough(long seq) {
        return new Reading(unreadSeqs, visitorUnreadSeqs, visitorLastReadSeq, agentLastReadSeq, lastAgentReplySeq, null,
                Math.max(mailedThroughSeq, seq));
    }

    private static List<Long> appended(List<Long> seqs, long seq) {
        List<Long> grown = new ArrayList<>(seqs);
        grown.add(seq);
        return grown.size() > MAX_UNREAD_KEPT ? grown.subList(grown.size() - MAX_UNREAD_KEPT, grown.size()) : grown;
    }

    private static List<Long> after(List<Long> seqs, long mark) {
        return seqs.stream().filter(seq -> seq > mark).toList();
    }
}
