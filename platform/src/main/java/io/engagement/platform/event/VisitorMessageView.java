package io.engagement.platform.event;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

import java.time.Instant;
import java.util.List;

/**
 * A message as its visitor sees it: the agents' {@link MessageView} without an agent's e-mail, and
 * without where the messaging ledger keeps a copy sent out. Private notes never become one.
 */
public record VisitorMessageView(String messageId, String conversationId, long seq, Sender sender, String content,
                                 @JsonProperty("private") boolean isPrivate, String clientId, Instant createdAt,
                                 @JsonInclude(JsonInclude.Include.NON_NULL) List<MessageView.Source> sources,
                                 @JsonInclude(JsonInclude.Include.NON_NULL) Double confidence) {

    /**
     * The visitor's view of a public message; an agent without a name of their own (a message written
     * before names were kept) goes by {@code agentFallbackName}.
     */
    public static VisitorMessageView of(MessageView message, String agentFallbackName) {
        if (message.isPrivate()) {
            throw new IllegalArgumentException("A private note is never shown to a visitor: " + message.messageId());
        }
        return new VisitorMessageView(message.messageId(), message.conversationId(), message.seq(),
                Sender.of(message.sender(), agentFallbackName), message.content(), false, message.clientId(), message.createdAt(),
                message.sources(), message.confidence());
    }

    /** Who wrote it, by type and name only. */
    public record Sender(String type, @JsonInclude(JsonInclude.Include.NON_NULL) String name) {

        public static Sender of(MessageView.Sender sender, String agentFallbackName) {
            boolean unnamedAgent = MessageView.AGENT.equals(sender.type()) && sender.name() == null;
            return new Sender(sender.type(), unnamedAgent ? agentFallbackName : sender.name());
        }
    }
}
