package io.engagement.customer.conversation;

import reactor.core.publisher.Flux;
import reactor.core.publisher.Sinks;

import java.util.concurrent.ArrayBlockingQueue;

/**
 * One open WebSocket: a visitor's (its own conversations and its verified identity's) or an agent's
 * (every conversation of the organization). Frames wait in a bounded buffer; a connection that does
 * not read them is closed rather than holding the replica's memory, and its client resumes.
 */
final class LiveConnection {

    static final int BUFFERED_FRAMES = 1_024;

    private final long organizationId;
    private final String visitorId;
    private final String verifiedIdentity;
    private final String agentEmail;
    private final Sinks.Many<String> frames = Sinks.many().unicast().onBackpressureBuffer(new ArrayBlockingQueue<>(BUFFERED_FRAMES));

    private LiveConnection(long organizationId, String visitorId, String verifiedIdentity, String agentEmail) {
        this.organizationId = organizationId;
        this.visitorId = visitorId;
        this.verifiedIdentity = verifiedIdentity;
        this.agentEmail = agentEmail;
    }

    static LiveConnection ofVisitor(Visitor visitor) {
        return new LiveConnection(visitor.organizationId(), visitor.visitorId(), visitor.verifiedIdentity(), null);
    }

    static LiveConnection ofAgent(long organizationId, String agentEmail) {
        return new LiveConnection(organizationId, null, null, agentEmail);
    }

    long organizationId() {
        return organizationId;
    }

    boolean isAgent() {
        return agentEmail != null;
    }

    String agentEmail() {
        return agentEmail;
    }

    String visitorId() {
        return visitorId;
    }

    String verifiedIdentity() {
        return verifiedIdentity;
    }


    /**
     * Queues a frame; false when the client has stopped reading and the connection is to close.
     * Frames come from the feed's thread and from the connection's own resumes: one at a time.
     */
    synchronized boolean send(String frame) {
        return frames.tryEmitNext(frame).isSuccess();
    }

    synchronized void close() {
        frames.tryEmitComplete();
    }

    Flux<String> frames() {
        return frames.asFlux();
    }
}
