package io.engagement.customer.conversation;

import io.engagement.platform.event.MessageView;
import io.engagement.platform.id.IdSequences;

import java.time.Instant;
import java.util.List;

/**
 * A message before it has its seq and id. {@code key} names what it answers, so the same message
 * written twice is stored once: a client's {@code client_id}, or for the service's own messages what
 * they follow (the bot's answer to a visitor message, a conversation's offline notice), or a
 * WhatsApp message's id.
 */
record MessageDraft(MessageView.Sender sender, String content, boolean isPrivate, String clientId, String key, Instant createdAt,
                    List<MessageView.Source> sources, Double confidence, MessageView.Delivery delivery) {

    /** A visitor's or an agent's message; its client id, when it has one, is its key. */
    static MessageDraft of(MessageView.Sender sender, String content, boolean isPrivate, String clientId, Instant createdAt) {
        return new MessageDraft(sender, content, isPrivate, clientId, clientId == null ? null : "client:" + clientId, createdAt, null, null, null);
    }

    /** One of the service's own messages, stored once under {@code key}. */
    static MessageDraft ours(MessageView.Sender sender, String content, String key, Instant createdAt) {
        return new MessageDraft(sender, content, false, null, key, createdAt, null, null, null);
    }

    /** A WhatsApp user's text, stored once however often the webhook delivers it. */
    static MessageDraft fromWhatsApp(MessageView.Sender sender, String content, String whatsAppMessageId, Instant createdAt) {
        return new MessageDraft(sender, content, false, null, "whatsapp:" + whatsAppMessageId, createdAt, null, null, null);
    }

    /** The draft as sent out through another channel. */
    MessageDraft delivered(MessageView.Delivery how) {
        return new MessageDraft(sender, content, isPrivate, clientId, key, createdAt, sources, confidence, how);
    }

    /** Goes to the person on the other side, unless it is theirs or a private note. */
    boolean isOutgoing() {
        return !isPrivate && !MessageView.VISITOR.equals(sender.type());
    }

    MessageView at(long seq) {
        return new MessageView("msg_" + IdSequences.publicId(), null, seq, sender, content, isPrivate, clientId, createdAt, sources, confidence,
                delivery);
    }
}
