package io.engagement.messaging.whatsapp;

import io.engagement.messaging.delivery.MessageLedgers;
import io.engagement.messaging.delivery.MessageStatusResource;
import io.engagement.platform.apidocs.ErrorAnswer;
import io.engagement.platform.auth.OrgContext;
import io.engagement.platform.idempotency.IdempotentRequests;
import io.engagement.platform.validation.JsonBodyReader;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/** WhatsApp texts: sends from the connected number, each message's status, and the organization's list. */
@RestController
@RequestMapping("/external/v1/whatsapp")
class WhatsAppResource extends MessageStatusResource<WhatsAppStatus> {

    private final WhatsAppAcceptance acceptance;
    private final IdempotentRequests idempotent;
    private final JsonBodyReader bodies;

    WhatsAppResource(WhatsAppAcceptance acceptance, MessageLedgers ledgers, IdempotentRequests idempotent, JsonBodyReader bodies) {
        super(ledgers.whatsApp(), WhatsAppStatus::of);
        this.acceptance = acceptance;
        this.idempotent = idempotent;
        this.bodies = bodies;
    }

    @PostMapping("/send")
    @ErrorAnswer(status = 402, response = "WalletInsufficient")
    Mono<ResponseEntity<JsonNode>> send(ServerWebExchange exchange) {
        long org = OrgContext.of(exchange).organizationId();
        return bodies.readTree(exchange).flatMap(body -> idempotent.answer(exchange, body, HttpStatus.OK, () -> {
            WhatsAppRequests.Send request = bodies.bind(body, WhatsAppRequests.SEND, WhatsAppRequests.Send.class);
            return acceptance.accept(org, request).map(WhatsAppQueuedAnswer::new);
        }));
    }
}
