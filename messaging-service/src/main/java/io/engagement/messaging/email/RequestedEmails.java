package io.engagement.messaging.email;

import io.engagement.platform.binding.UnreadableRecord;
import io.engagement.platform.error.ErrorDetail;
import io.engagement.platform.validation.Loc;
import org.springframework.stereotype.Component;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.node.ObjectNode;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.stream.Collectors;

/**
 * E-mail another service asks for through a topic (an alert's, a conversation's unread replies):
 * checked as the send API checks a message and queued as it queues one (a ledger entry and a job on
 * the message queue, then delivered, retried and shown like any e-mail), under a message id derived
 * from the request's own, so a request read again never sends a second mail. A request the API would
 * refuse is an {@link UnreadableRecord}, for the topic's dead letters.
 */
@Component
class RequestedEmails {

    private final EmailAcceptance acceptance;
    private final ObjectMapper json;

    RequestedEmails(EmailAcceptance acceptance, ObjectMapper json) {
        this.acceptance = acceptance;
        this.json = json;
    }

    /** Queues the mail once per {@code requestId} of its {@code kind} and organization; blocks until it is queued. */
    void queueOnce(long org, String kind, String requestId, Mail mail) {
        if (requestId == null || requestId.isBlank()) {
            throw new UnreadableRecord("a " + kind + " e-mail request that names no request id");
        }
        acceptance.acceptOnce(org, messageId(org, kind, requestId), request(kind, mail)).block();
    }

    /** The request as the send API would take it in. */
    private EmailRequest request(String kind, Mail mail) {
        ObjectNode message = json.createObjectNode()
                .put("to_email", mail.toEmail())
                .put("subject", mail.subject())
                .put("text_content", mail.text())
                .put("email_type", mail.emailType())
                .put("category", mail.category());
        List<ErrorDetail> errors = new ArrayList<>();
        JsonNode accepted = EmailRequests.MESSAGE.apply(message, Loc.body(), errors);
        EmailRequests.checkParts(message, Loc.body(), errors);
        if (!errors.isEmpty()) {
            // where and what, not the values: a dead letter's headers and the logs would keep the address
            throw new UnreadableRecord("a " + kind + " e-mail the send API would refuse: " + errors.stream()
                    .map(error -> error.loc().get(error.loc().size() - 1) + ": " + error.msg()).collect(Collectors.joining("; ")));
        }
        return json.treeToValue(accepted, EmailRequest.class);
    }

    /** One message per request; the organization is part of it, as a request id is its sender's alone. */
    static String messageId(long org, String kind, String requestId) {
        return UUID.nameUUIDFromBytes((kind + "-email|" + org + "|" + requestId).getBytes(StandardCharsets.UTF_8)).toString();
    }

    /** What is to be sent, as it is to be sent (no placeholders are filled). */
    record Mail(String toEmail, String subject, String text, String emailType, String category) {
    }
}
