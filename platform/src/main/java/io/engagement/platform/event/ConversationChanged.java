package io.engagement.platform.event;

/**
 * A conversation as it was written, on {@code engagement.conversation.v1} keyed
 * {@code org:conversation_id}. {@code verifiedIdentity} names the verified person whose devices
 * may all follow it ({@code customer:<id>} or {@code email:<address>}); null for a visitor who is
 * not verified, whose conversations only its own visitor follows.
 */
public sealed interface ConversationChanged extends DomainEvent permits ConversationCreated, ConversationUpdated {

    ConversationView conversation();

    String verifiedIdentity();
}
