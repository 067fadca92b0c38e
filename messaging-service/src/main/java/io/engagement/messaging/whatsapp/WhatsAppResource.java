package io.engagement.messaging.whatsapp;

import io.engagement.messaging.delivery.MessageListQuery;
import io.engagement.messaging.delivery.MessageStatus;
import io.engagement.platform.apidocs.ErrorAnswer;
import io.engagement.platform.auth.OrgContext;
import io.engagement.platform.error.ApiException;
import io.engagement.platform.idempotency.IdempotentRequests;
import io.engagement.platform.page.PageEnvelope;
import io.engagement.platform.store.PagedFind;
import io.engagement.platform.validation.JsonBodyReader;
import io.engagement.platform.validation.ParamReader;
import org.bson.Document;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.node.ObjectNode;

import java.util.Map;

/** WhatsApp texts: sends from the connected number, each message's status, and the organization's list. */
@RestController
@RequestMapping("/external/v1/whatsapp")
class WhatsAppResource {

    private final WhatsAppAcceptance acceptance;
    private final WhatsAppLedger ledger;
    private final IdempotentRequests idempotent;
    private final JsonBodyReader bodies;
    private final ObjectMapper json;

    WhatsAppResource(WhatsAppAcceptance acceptance, WhatsAppLedger ledger, IdempotentRequests idempotent, JsonBodyReader bodies,
                     ObjectMapper json) {
        this.acceptance = acceptance;
        this.ledger = ledger;
        this.idempotent = idempotent;
        this.bodies = bodies;
        this.json = json;
    }

    @PostMapping("/send")
    @ErrorAnswer(status = 402, response = "WalletInsufficient")
    Mono<ResponseEntity<JsonNode>> send(ServerWebExchange exchange) {
        long org = OrgContext.of(exchange).organizationId();
        return bodies.readTree(exchange).flatMap(body -> idempotent.answer(exchange, body, HttpStatus.OK, () -> {
            WhatsAppRequests.Send request = bodies.bind(body, WhatsAppRequests.SEND, WhatsAppRequests.Send.class);
            return acceptance.accept(org, request).map(this::answer);
        }));
    }

    @GetMapping("/messages/{message_id}")
    Mono<Map<String, Object>> status(@PathVariable("message_id") String messageId, ServerWebExchange exchange) {
        return ledger.ledger().find(OrgContext.of(exchange).organizationId(), messageId)
                .map(WhatsAppResource::shown)
                .switchIfEmpty(Mono.error(() -> ApiException.notFound("Message")));
    }

    /** The organization's messages, newest first, each as its status shows it. */
    @GetMapping("/messages")
    Mono<PageEnvelope<Map<String, Object>>> list(ServerWebExchange exchange) {
        MessageListQuery query = MessageListQuery.from(ParamReader.query(exchange));
        return ledger.ledger().page(OrgContext.of(exchange).organizationId(), query).map(PagedFind.mapped(WhatsAppResource::shown));
    }

    private static Map<String, Object> shown(Document document) {
        return MessageStatus.of(document, "to", "from", "provider_message_id");
    }

    private JsonNode answer(String messageId) {
        ObjectNode answer = json.createObjectNode();
        answer.put("status", true);
        answer.put("message", "WhatsApp message queued for delivery");
        answer.put("message_id", messageId);
        return answer;
    }
}
