package io.engagement.platform.event;

/**
 * Someone started or stopped typing in a conversation, on {@code engagement.conversation.v1} keyed
 * {@code org:conversation_id}: not stored, only passed to the live connections of every replica.
 * {@code visitorId} and {@code verifiedIdentity} say which visitor connections may see it.
 */
@EventType("conversation.typing")
public record TypingChanged(String conversationId, MessageView.Sender sender, boolean typing, String visitorId,
                            String verifiedIdentity) implements DomainEvent {
}
