package io.engagement.infra.inbox;

import io.engagement.infra.inbox.EmbeddedSmtp.StoredMail;
import io.engagement.infra.inbox.ReceivedMail.Address;
import jakarta.mail.internet.MailDateFormat;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

import java.text.ParseException;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * The dev inbox's answers: mail in the shape of Mailpit's API (so Mailpit clients and habits
 * work), SMS in snake_case like the suite's own API.
 */
final class InboxJson {

    private static final int SNIPPET_LENGTH = 250;

    private final JsonMapper json = JsonMapper.builder().build();

    /** {@code GET /api/v1/messages}: the page of mails, newest first. */
    ObjectNode messages(List<StoredMail> newestFirst, Page page, Predicate<String> isRead) {
        List<StoredMail> shown = page.of(newestFirst);
        ObjectNode body = json.createObjectNode();
        body.put("total", newestFirst.size());
        body.put("unread", newestFirst.stream().filter(stored -> !isRead.test(stored.mail().id())).count());
        body.put("count", shown.size());
        body.put("messages_count", newestFirst.size());
        body.put("start", page.start());
        body.putArray("tags");
        ArrayNode messages = body.putArray("messages");
        for (StoredMail stored : shown) {
            ObjectNode summary = envelope(messages.addObject(), stored);
            summary.put("Read", isRead.test(stored.mail().id()));
            summary.put("Created", iso(stored.mail().created()));
            summary.putArray("Tags");
            summary.put("Snippet", snippet(stored.mail()));
        }
        return body;
    }

    /** {@code GET /api/v1/message/{ID}}: one mail with its bodies and headers. */
    ObjectNode message(StoredMail stored) {
        ReceivedMail mail = stored.mail();
        ObjectNode body = envelope(json.createObjectNode(), stored);
        body.put("Date", iso(date(mail)));
        body.putArray("Tags");
        body.put("Text", mail.text());
        body.put("HTML", mail.html());
        ObjectNode headers = body.putObject("Headers");
        mail.headers().forEach(headers::put);
        return body;
    }

    /** {@code GET /api/v1/sms}: the page of text messages, newest first. */
    ObjectNode sms(List<ReceivedSms> newestFirst, Page page) {
        List<ReceivedSms> shown = page.of(newestFirst);
        ObjectNode body = json.createObjectNode();
        body.put("total", newestFirst.size());
        body.put("count", shown.size());
        body.put("start", page.start());
        ArrayNode messages = body.putArray("messages");
        for (ReceivedSms sms : shown) {
            messages.addObject()
                    .put("id", sms.id())
                    .put("smsc_message_id", sms.smscMessageId())
                    .put("sender_id", sms.senderId())
                    .put("to", sms.to())
                    .put("message", sms.message())
                    .put("channel", sms.channel())
                    .put("received_at", iso(sms.receivedAt()));
        }
        return body;
    }

    /** {@code POST /api/v1/whatsapp/inbound}: the text's WhatsApp id and what the suite's webhook answered. */
    ObjectNode whatsAppInbound(String messageId, int webhookStatus) {
        return json.createObjectNode().put("message_id", messageId).put("webhook_status", webhookStatus);
    }

    /** {@code GET /api/v1/whatsapp}: the page of WhatsApp messages, newest first. */
    ObjectNode whatsapp(List<ReceivedWhatsApp> newestFirst, Page page) {
        List<ReceivedWhatsApp> shown = page.of(newestFirst);
        ObjectNode body = json.createObjectNode();
        body.put("total", newestFirst.size());
        body.put("count", shown.size());
        body.put("start", page.start());
        ArrayNode messages = body.putArray("messages");
        for (ReceivedWhatsApp message : shown) {
            messages.addObject()
                    .put("id", message.id())
                    .put("phone_number_id", message.phoneNumberId())
                    .put("to", message.to())
                    .put("message", message.message())
                    .put("channel", "whatsapp")
                    .put("received_at", iso(message.receivedAt()));
        }
        return body;
    }

    /** What the Cloud API answers to an accepted message. */
    ObjectNode whatsAppAccepted(ReceivedWhatsApp received) {
        ObjectNode body = json.createObjectNode();
        body.put("messaging_product", "whatsapp");
        body.putArray("contacts").addObject().put("input", received.to()).put("wa_id", received.to().replace("+", ""));
        body.putArray("messages").addObject().put("id", received.id());
        return body;
    }

    ObjectNode deleted(int count) {
        return json.createObjectNode().put("deleted", count);
    }

    ObjectNode error(String message) {
        return json.createObjectNode().put("error", message);
    }

    byte[] bytes(ObjectNode body) {
        return json.writeValueAsBytes(body);
    }

    private static ObjectNode envelope(ObjectNode node, StoredMail stored) {
        ReceivedMail mail = stored.mail();
        node.put("ID", mail.id());
        node.put("MessageID", mail.messageId());
        address(node.putObject("From"), mail.from());
        addresses(node.putArray("To"), mail.to());
        addresses(node.putArray("Cc"), mail.cc());
        addresses(node.putArray("Bcc"), mail.bcc());
        addresses(node.putArray("ReplyTo"), mail.replyTo());
        node.put("Subject", mail.subject());
        node.put("Size", stored.size());
        return node;
    }

    private static void addresses(ArrayNode array, List<Address> addresses) {
        addresses.forEach(address -> address(array.addObject(), address));
    }

    private static void address(ObjectNode node, Address address) {
        node.put("Name", address.name());
        node.put("Address", address.address());
    }

    /** Mailpit's "Date" is the message's own Date header; the time of receipt when it has none. */
    private static Instant date(ReceivedMail mail) {
        for (Map.Entry<String, String> header : mail.headers().entrySet()) {
            if (header.getKey().equalsIgnoreCase("Date")) {
                try {
                    return new MailDateFormat().parse(header.getValue().lines().findFirst().orElse("")).toInstant();
                } catch (ParseException unparsable) {
                    break;
                }
            }
        }
        return mail.created();
    }

    private static String snippet(ReceivedMail mail) {
        String source = mail.text().isBlank() ? mail.html().replaceAll("(?s)<(style|script)[^>]*>.*?</\\1>|<[^>]+>", " ") : mail.text();
        String collapsed = source.replaceAll("\\s+", " ").strip();
        return collapsed.length() <= SNIPPET_LENGTH ? collapsed : collapsed.substring(0, SNIPPET_LENGTH) + "...";
    }

    private static String iso(Instant instant) {
        return instant.truncatedTo(ChronoUnit.MILLIS).toString();
    }
}
