package io.engagement.messaging.email;

import io.engagement.messaging.delivery.MessageLedgers;
import io.engagement.messaging.delivery.MessageStatusResource;
import io.engagement.platform.auth.OrgContext;
import io.engagement.platform.error.ErrorDetail;
import io.engagement.platform.error.RequestValidationException;
import io.engagement.platform.idempotency.IdempotentRequests;
import io.engagement.platform.validation.JsonBodyReader;
import io.engagement.platform.validation.Loc;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

import java.util.ArrayList;
import java.util.List;

/** Transactional email: single and bulk sends, and each message's delivery status. */
@RestController
@RequestMapping("/external/v1/transactional-email")
class EmailResource extends MessageStatusResource<EmailStatus> {

    /** Every field of the contract's message, echoed as sent (null when absent). */
    private static final List<String> ECHOED = List.of("to_email", "subject", "html_content", "text_content", "template_uid",
            "to_name", "cc", "bcc", "from_email", "from_name", "reply_to", "email_type", "category", "merge_data", "extra_metadata");

    private final EmailAcceptance acceptance;
    private final IdempotentRequests idempotent;
    private final JsonBodyReader bodies;
    private final ObjectMapper json;

    EmailResource(EmailAcceptance acceptance, MessageLedgers ledgers, IdempotentRequests idempotent, JsonBodyReader bodies, ObjectMapper json) {
        super(ledgers.email(), EmailStatus::of);
        this.acceptance = acceptance;
        this.idempotent = idempotent;
        this.bodies = bodies;
        this.json = json;
    }

    @PostMapping("/send")
    Mono<ResponseEntity<JsonNode>> send(ServerWebExchange exchange) {
        long org = OrgContext.of(exchange).organizationId();
        return bodies.readTree(exchange).flatMap(body -> idempotent.answer(exchange, body, HttpStatus.OK, () -> {
            EmailAcceptance.Located message = located(bodies.validate(body, EmailRequests.MESSAGE), Loc.body());
            return acceptance.accept(org, List.of(message)).map(accepted -> echo(accepted.get(0)));
        }));
    }

    @PostMapping("/send/bulk")
    Mono<ResponseEntity<JsonNode>> sendBulk(ServerWebExchange exchange) {
        long org = OrgContext.of(exchange).organizationId();
        return bodies.readTree(exchange).flatMap(body -> idempotent.answer(exchange, body, HttpStatus.OK, () -> {
            JsonNode emails = bodies.validate(body, EmailRequests.BULK).get("emails");
            List<EmailAcceptance.Located> messages = new ArrayList<>(emails.size());
            for (int i = 0; i < emails.size(); i++) {
                messages.add(new EmailAcceptance.Located(request(emails.get(i)), emails.get(i), Loc.body().field("emails").index(i)));
            }
            checkParts(messages);
            return acceptance.accept(org, messages).map(this::summary);
        }));
    }

    private EmailAcceptance.Located located(JsonNode message, Loc loc) {
        EmailAcceptance.Located located = new EmailAcceptance.Located(request(message), message, loc);
        checkParts(List.of(located));
        return located;
    }

    private static void checkParts(List<EmailAcceptance.Located> messages) {
        List<ErrorDetail> errors = new ArrayList<>();
        messages.forEach(message -> EmailRequests.checkParts(message.body(), message.loc(), errors));
        if (!errors.isEmpty()) {
            throw new RequestValidationException(errors);
        }
    }

    private EmailRequest request(JsonNode message) {
        return json.treeToValue(message, EmailRequest.class);
    }

    private JsonNode echo(EmailAcceptance.Accepted accepted) {
        ObjectNode echoed = json.createObjectNode();
        JsonNode sent = accepted.message().body();
        for (String field : ECHOED) {
            JsonNode value = sent.get(field);
            echoed.set(field, value == null ? json.nullNode() : value);
        }
        echoed.put("email_type", accepted.message().request().emailType());
        echoed.put("message_id", accepted.messageId());
        echoed.put("status", "queued");
        return echoed;
    }

    private JsonNode summary(List<EmailAcceptance.Accepted> accepted) {
        ObjectNode summary = json.createObjectNode();
        summary.put("accepted", accepted.size());
        ArrayNode messages = summary.putArray("messages");
        accepted.forEach(one -> messages.addObject()
                .put("message_id", one.messageId())
                .put("to_email", one.message().request().toEmail())
                .put("status", "queued"));
        return summary;
    }
}
