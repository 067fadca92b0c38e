package io.engagement.platform.event;

/**
 * A conversation as it was written, on {@code engagement.conversation.v1} keyed
 * {@code org:conversation_id}. {@code verifiedIdentity} names the verified person whose devices
 * may all follow it ({@code customer:<id>} or {@code email:<address>}); null for a visitor who is
 * not verified, whose conversations only its own visitor follows. {@code visitorView} is what the
 * visitor's connections are sent, null when the change shows the visitor nothing new (a private
 * note, an agent's read mark, tags).
 */
public sealed interface ConversationChanged extends DomainEvent permits ConversationCreated, ConversationUpdated {

    ConversationView conversation();

    String verifiedIdentity();

    VisitorConversationView visitorView();
}
