package io.engagement.customer.conversation;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The WhatsApp Cloud API's webhook body, as far as conversations read it: the texts users sent to
 * a business number, with the senders' profile names. Status updates and other message types come
 * in the same shape and are passed over.
 */
record WhatsAppNotification(String object, List<Entry> entry) {

    static final String BUSINESS_ACCOUNT = "whatsapp_business_account";

    /** Every text in the notification, each with the number it was sent to and its sender's name. */
    List<InboundText> texts() {
        if (!BUSINESS_ACCOUNT.equals(object) || entry == null) {
            return List.of();
        }
        return entry.stream()
                .filter(one -> one != null && one.changes() != null)
                .flatMap(one -> one.changes().stream())
                .filter(change -> change != null && change.value() != null && change.value().messages() != null)
                .flatMap(change -> change.value().texts().stream())
                .toList();
    }

    record Entry(List<Change> changes) {
    }

    record Change(Value value) {
    }

    record Value(Metadata metadata, List<Contact> contacts, List<Message> messages) {

        List<InboundText> texts() {
            if (metadata == null || metadata.displayPhoneNumber() == null) {
                return List.of();
            }
            Map<String, String> names = contacts == null ? Map.of() : contacts.stream()
                    .filter(contact -> contact != null && contact.waId() != null && contact.profile() != null && contact.profile().name() != null)
                    .collect(Collectors.toMap(Contact::waId, contact -> contact.profile().name(), (first, second) -> first));
            return messages.stream()
                    .filter(Message::isText)
                    .map(message -> new InboundText(metadata.displayPhoneNumber().replaceAll("[^0-9]", ""), message.from(), message.id(),
                            names.get(message.from()), message.text().body().strip()))
                    .filter(text -> !text.text().isEmpty())
                    .toList();
        }
    }

    record Metadata(String displayPhoneNumber, String phoneNumberId) {
    }

    record Contact(String waId, Profile profile) {
    }

    record Profile(String name) {
    }

    record Message(String from, String id, String timestamp, String type, Text text) {

        boolean isText() {
            return "text".equals(type) && from != null && !from.isBlank() && id != null && text != null && text.body() != null;
        }
    }

    record Text(String body) {
    }

    /**
     * One text a user sent.
     *
     * @param toDigits  the business number's digits
     * @param from      the sender's WhatsApp id (their number's digits)
     * @param messageId WhatsApp's id of the message, the same on every redelivery
     */
    record InboundText(String toDigits, String from, String messageId, String profileName, String text) {
    }
}
