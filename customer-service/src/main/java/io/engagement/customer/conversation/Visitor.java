package io.engagement.customer.conversation;

import io.engagement.platform.event.ConversationVisitor;

import java.time.Instant;

/**
 * Someone who talks to the organization: a visitor of the chat widget, who holds a visitor token, or
 * a WhatsApp user. {@code verifiedIdentity} is set only when the visitor proved who they are
 * ({@code customer:<id>}, or {@code email:<address>} without a customer id); every conversation of
 * that identity is theirs, on any device.
 */
record Visitor(String visitorId, long organizationId, String name, String email, String customerId, String whatsappNumber,
               boolean verified, String verifiedIdentity, String anonymousId, String sessionId, Instant createdAt) {

    ConversationVisitor view() {
        return new ConversationVisitor(visitorId, name, email, customerId, whatsappNumber, verified);
    }

    Visitor renamed(String newName, String newEmail) {
        return new Visitor(visitorId, organizationId, newName, newEmail, customerId, whatsappNumber, verified, verifiedIdentity,
                anonymousId, sessionId, createdAt);
    }
}
