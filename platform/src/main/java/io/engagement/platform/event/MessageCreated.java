package io.engagement.platform.event;

/**
 * A message was written to a conversation, on {@code engagement.conversation.v1} keyed
 * {@code org:conversation_id}. {@code visitorId} and {@code verifiedIdentity} say which visitor
 * connections may see it (never a private note); {@code channel} is its conversation's.
 */
@EventType("message.created")
public record MessageCreated(MessageView message, String channel, String visitorId, String verifiedIdentity) implements DomainEvent {
}
