package io.engagement.platform.event;

/** A conversation was started, by a visitor of the chat widget or a WhatsApp message. */
@EventType("conversation.created")
public record ConversationCreated(ConversationView conversation, String verifiedIdentity,
                                  VisitorConversationView visitorView) implements ConversationChanged {
}
