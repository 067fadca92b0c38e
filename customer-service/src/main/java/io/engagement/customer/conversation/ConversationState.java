package io.engagement.customer.conversation;

import io.engagement.platform.event.ConversationView;
import io.engagement.platform.event.ConversationVisitor;
import io.engagement.platform.event.VisitorConversationView;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * A conversation as it is stored: what the API shows, plus what the service needs to keep it right.
 * Every change is a new state written over the old one only if no one wrote in between
 * ({@code version}), so concurrent requests on any replica never lose each other's changes. Each
 * change below is one thing that happens to a conversation.
 *
 * @param visitorIdentity the visitor's verified identity, whose devices all see the conversation; null if unverified
 * @param assigneeName    the assignee as the visitor is shown them: their name in the agents settings, else the support name
 * @param visitorActivityAt the latest message the visitor can see: a private note moves {@code lastActivityAt} only
 * @param reading         who has read what, and which agent replies wait to be e-mailed
 * @param lastSeq         the highest message seq written
 * @param botSilenced     true once a person took over: a handoff, or an agent's public reply
 */
record ConversationState(String conversationId, long organizationId, String channel, String status, ConversationVisitor visitor,
                         String visitorIdentity, String sessionId, String assigneeEmail, String assigneeName, List<String> tags,
                         Instant createdAt, Instant lastActivityAt, Instant visitorActivityAt, Instant waitingSince, Instant firstReplyAt,
                         Reading reading, Integer rating, String ratingComment, Instant snoozedUntil, long lastSeq, boolean botSilenced,
                         long version) {

    ConversationState {
        tags = List.copyOf(tags);
    }

    /** A conversation just started: nothing written in it yet. */
    static ConversationState started(String conversationId, Visitor visitor, String channel, String status, String sessionId, Instant at) {
        return new ConversationState(conversationId, visitor.organizationId(), channel, status, visitor.view(), visitor.verifiedIdentity(),
                sessionId, null, null, List.of(), at, at, at, null, null, Reading.NONE, null, null, null, 0, false, 0);
    }

    ConversationView view() {
        return new ConversationView(conversationId, channel, status, visitor, sessionId, assigneeEmail, tags, createdAt, lastActivityAt,
                waitingSince, firstReplyAt, reading.unreadCount(), reading.visitorLastReadSeq(), reading.agentLastReadSeq(), rating,
                ratingComment, snoozedUntil);
    }

    /** What the visitor is shown of it: the one place the visitor's view of a conversation is made. */
    VisitorConversationView visitorView() {
        return new VisitorConversationView(conversationId, channel, status, createdAt, visitorActivityAt, reading.visitorLastReadSeq(),
                reading.visitorUnreadCount(), rating, assigneeEmail == null ? null : new VisitorConversationView.Assignee(assigneeName));
    }

    String visitorId() {
        return visitor.visitorId();
    }

    boolean isResolved() {
        return ConversationView.RESOLVED.equals(status);
    }

    boolean isPending() {
        return ConversationView.PENDING.equals(status);
    }

    /** Waiting for an agent: open, and nobody's. */
    boolean isWaiting() {
        return ConversationView.OPEN.equals(status) && assigneeEmail == null;
    }

    /**
     * After a visitor's message {@code seq}: unread, waiting since its time if nothing was waiting, a
     * snoozed conversation open again, a resolved one reopened (pending while the bot may answer it).
     */
    ConversationState afterVisitorMessage(long seq, Instant at, boolean botMayAnswer) {
        String reopened = switch (status) {
            case ConversationView.RESOLVED -> botMayAnswer && !botSilenced ? ConversationView.PENDING : ConversationView.OPEN;
            case ConversationView.SNOOZED -> ConversationView.OPEN;
            default -> status;
        };
        return copy().status(reopened).lastActivity(at).visitorActivity(at).waitingSince(waitingSince == null ? at : waitingSince)
                .snoozedUntil(ConversationView.SNOOZED.equals(status) ? null : snoozedUntil)
                .reading(reading.visitorWrote(seq)).seq(seq).build();
    }

    /**
     * After an agent's public reply: nothing waits any more, the first reply is timed once, an
     * unassigned conversation is the replying agent's, a pending one is open, the bot stays silent,
     * and the reply waits to be read (or e-mailed).
     */
    ConversationState afterAgentReply(long seq, Instant at, String agentEmail, String agentName) {
        Copy replied = copy().status(isPending() ? ConversationView.OPEN : status);
        if (assigneeEmail == null) {
            replied.assignee(agentEmail, agentName);
        }
        return replied.lastActivity(at).visitorActivity(at).waitingSince(null).firstReplyAt(firstReplyAt == null ? at : firstReplyAt)
                .reading(reading.agentReplied(seq, at)).seq(seq).botSilenced(true).build();
    }

    /** After a bot's or a system message: the visitor has it to read. */
    ConversationState afterOurMessage(long seq, Instant at) {
        return copy().lastActivity(at).visitorActivity(at).reading(reading.wroteToVisitor(seq)).seq(seq).build();
    }

    /** After a private note: the agents see activity; for the visitor nothing happened. */
    ConversationState afterNote(long seq, Instant at) {
        return copy().lastActivity(at).seq(seq).build();
    }

    /** A person was asked for: the conversation is open and the bot says nothing more in it. */
    ConversationState handedOff() {
        return copy().status(isPending() ? ConversationView.OPEN : status).botSilenced(true).build();
    }

    /** Handed to an agent by assignment: only an open conversation nobody has. */
    Optional<ConversationState> assignedTo(String agentEmail, String agentName) {
        return isWaiting() ? Optional.of(copy().assignee(agentEmail, agentName).build()) : Optional.empty();
    }

    /** Its agent left the organization: it waits for another from now, first in line by when it started waiting before. */
    Optional<ConversationState> returnedToQueue(Instant at) {
        return assigneeEmail == null ? Optional.empty()
                : Optional.of(copy().assignee(null, null).waitingSince(waitingSince == null ? at : waitingSince).build());
    }

    ConversationState readByVisitor(long seq) {
        return copy().reading(reading.readByVisitor(seq, lastSeq)).build();
    }

    ConversationState readByAgent(long seq) {
        return copy().reading(reading.readByAgent(seq, lastSeq)).build();
    }

    /** The unread replies up to {@code seq} were e-mailed. */
    ConversationState mailedThrough(long seq) {
        return copy().reading(reading.mailedThrough(seq)).build();
    }

    ConversationState rated(int stars, String comment) {
        return copy().rating(stars, comment).build();
    }

    /**
     * What an agent's {@code PATCH} sets; {@code snoozedUntil} only stays while the conversation is
     * snoozed, and an assignee keeps the name they had unless another agent takes it.
     */
    ConversationState changed(String newStatus, String newAssignee, String newAssigneeName, List<String> newTags, Instant newSnoozedUntil) {
        boolean sameAssignee = newAssignee != null && newAssignee.equalsIgnoreCase(assigneeEmail == null ? "" : assigneeEmail);
        return copy().status(newStatus).assignee(newAssignee, newAssignee == null ? null : sameAssignee ? assigneeName : newAssigneeName)
                .tags(newTags)
                .snoozedUntil(ConversationView.SNOOZED.equals(newStatus) ? newSnoozedUntil : null).build();
    }

    /** Snoozed until now or before: open again. */
    Optional<ConversationState> woken(Instant now) {
        boolean due = ConversationView.SNOOZED.equals(status) && snoozedUntil != null && !snoozedUntil.isAfter(now);
        return due ? Optional.of(copy().status(ConversationView.OPEN).snoozedUntil(null).build()) : Optional.empty();
    }

    ConversationState withVersion(long newVersion) {
        Copy copy = copy();
        copy.version = newVersion;
        return copy.build();
    }

    private Copy copy() {
        return new Copy(this);
    }

    /** A state being changed: each setter one field, {@link #build} the new state. */
    private static final class Copy {

        private final ConversationState from;
        private String status;
        private String assignee;
        private String assigneeName;
        private List<String> tags;
        private Instant lastActivityAt;
        private Instant visitorActivityAt;
        private Instant waitingSince;
        private Instant firstReplyAt;
        private Reading reading;
        private Integer rating;
        private String ratingComment;
        private Instant snoozedUntil;
        private long lastSeq;
        private boolean botSilenced;
        private long version;

        private Copy(ConversationState from) {
            this.from = from;
            this.status = from.status;
            this.assignee = from.assigneeEmail;
            this.assigneeName = from.assigneeName;
            this.tags = from.tags;
            this.lastActivityAt = from.lastActivityAt;
            this.visitorActivityAt = from.visitorActivityAt;
            this.waitingSince = from.waitingSince;
            this.firstReplyAt = from.firstReplyAt;
            this.reading = from.reading;
            this.rating = from.rating;
            this.ratingComment = from.ratingComment;
            this.snoozedUntil = from.snoozedUntil;
            this.lastSeq = from.lastSeq;
            this.botSilenced = from.botSilenced;
            this.version = from.version;
        }

        Copy status(String newStatus) {
            status = newStatus;
            return this;
        }

        Copy assignee(String email, String name) {
            assignee = email;
            assigneeName = email == null ? null : name;
            return this;
        }

        Copy tags(List<String> newTags) {
            tags = newTags;
            return this;
        }

        /** Activity only moves forward. */
        Copy lastActivity(Instant at) {
            lastActivityAt = latest(lastActivityAt, at);
            return this;
        }

        Copy visitorActivity(Instant at) {
            visitorActivityAt = latest(visitorActivityAt, at);
            return this;
        }

        private static Instant latest(Instant known, Instant at) {
            return known == null || at.isAfter(known) ? at : known;
        }

        Copy waitingSince(Instant at) {
            waitingSince = at;
            return this;
        }

        Copy firstReplyAt(Instant at) {
            firstReplyAt = at;
            return this;
        }

        Copy reading(Reading newReading) {
            reading = newReading;
            return this;
        }

        Copy rating(Integer stars, String comment) {
            rating = stars;
            ratingComment = comment;
            return this;
        }

        Copy snoozedUntil(Instant until) {
            snoozedUntil = until;
            return this;
        }

        /** The highest seq written so far. */
        Copy seq(long seq) {
            lastSeq = Math.max(lastSeq, seq);
            return this;
        }

        Copy botSilenced(boolean silenced) {
            botSilenced = silenced;
            return this;
        }

        ConversationState build() {
            return new ConversationState(from.conversationId, from.organizationId, from.channel, status, from.visitor, from.visitorIdentity,
                    from.sessionId, assignee, assigneeName, tags, from.createdAt, lastActivityAt, visitorActivityAt, waitingSince,
                    firstReplyAt, reading, rating, ratingComment, snoozedUntil, lastSeq, botSilenced, version);
        }
    }
}
