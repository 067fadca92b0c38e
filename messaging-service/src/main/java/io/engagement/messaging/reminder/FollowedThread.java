package io.engagement.messaging.reminder;

import io.engagement.platform.event.ConversationEmailRequested;
import io.engagement.platform.event.TicketChanged;

import java.time.Instant;
import java.util.Optional;

/**
 * What reminders follow up, as its latest event carries it: a ticket that waits on its customer's
 * answer ({@code ticket.created}, {@code ticket.updated}), or a conversation whose agent replies its
 * visitor has not read ({@code conversation_email.requested}, then {@code conversation.updated}).
 * {@code timeUpdated} orders the events of one thread.
 *
 * @param threadId   the ticket's or the conversation's id
 * @param status     {@value #PENDING} while it waits on the person; anything else once it does not
 * @param throughSeq of a conversation: the last message of the mail it follows up, which the visitor must read
 */
record FollowedThread(long organizationId, String threadId, Kind kind, String status, String subject, String email, String customerId,
                      Instant timeUpdated, long throughSeq) {

    /** The status of a thread that waits on its person. */
    static final String PENDING = "pending";
    /** A conversation whose followed replies the visitor read. */
    static final String READ = "read";

    enum Kind {
        TICKET, CONVERSATION
    }

    boolean isPending() {
        return PENDING.equals(status);
    }

    static FollowedThread ticket(long organizationId, String ticketId, String status, String subject, String email, String customerId,
                                 Instant timeUpdated) {
        return new FollowedThread(organizationId, ticketId, Kind.TICKET, status, subject, email, customerId, timeUpdated, 0);
    }

    /** The ticket an event carries; empty for one without the id, status and update time that order and schedule reminders. */
    static Optional<FollowedThread> of(long organizationId, TicketChanged ticket) {
        if (present(ticket.ticketId()) == null || present(ticket.status()) == null || ticket.timeUpdated() == null) {
            return Optional.empty();
        }
        return Optional.of(ticket(organizationId, ticket.ticketId(), ticket.status(), present(ticket.subject()),
                present(ticket.email()), present(ticket.customerId()), ticket.timeUpdated()));
    }

    /** A conversation whose unread replies were just e-mailed: it waits on its visitor from then on. */
    static FollowedThread of(long organizationId, ConversationEmailRequested mailed, Instant at) {
        return new FollowedThread(organizationId, mailed.conversationId(), Kind.CONVERSATION, PENDING, null, present(mailed.toEmail()),
                present(mailed.customerId()), at, mailed.throughSeq());
    }

    /** The conversation once its visitor read what was followed up. */
    FollowedThread read(Instant at) {
        return new FollowedThread(organizationId, threadId, kind, READ, subject, email, customerId, at, throughSeq);
    }

    private static String present(String value) {
        return value == null || value.isBlank() ? null : value;
    }
}
