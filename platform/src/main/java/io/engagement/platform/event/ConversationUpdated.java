package io.engagement.platform.event;

/** A conversation changed: its status, assignee, tags, read marks, waiting time or rating. */
@EventType("conversation.updated")
public record ConversationUpdated(ConversationView conversation, String verifiedIdentity,
                                  VisitorConversationView visitorView) implements ConversationChanged {
}
