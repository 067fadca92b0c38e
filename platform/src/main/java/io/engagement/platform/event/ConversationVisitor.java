package io.engagement.platform.event;

/**
 * The person a conversation is with, as agents see them. {@code customerId} and {@code email} are
 * what the visitor claimed; only when {@code verified} do they name the organization's customer.
 */
public record ConversationVisitor(String visitorId, String name, String email, String customerId, String whatsappNumber,
                                  boolean verified) {
}
