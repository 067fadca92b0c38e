package io.engagement.messaging.sms;

import io.engagement.messaging.delivery.MessageLedgers;
import io.engagement.messaging.delivery.MessageStatusResource;
import io.engagement.platform.apidocs.ErrorAnswer;
import io.engagement.platform.auth.OrgContext;
import io.engagement.platform.idempotency.IdempotentRequests;
import io.engagement.platform.validation.JsonBodyReader;
import io.engagement.platform.validation.ObjectSchema;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.List;

/**
 * SMS: single and bulk sends and each message's status. The gateway maps the contract's doubled
 * prefix ({@code /external/v1/external/v1/sms/...}) onto these paths.
 */
@RestController
@RequestMapping("/external/v1/sms")
class SmsResource extends MessageStatusResource<SmsStatus> {

    private final SmsAcceptance acceptance;
    private final IdempotentRequests idempotent;
    private final JsonBodyReader bodies;

    SmsResource(SmsAcceptance acceptance, MessageLedgers ledgers, IdempotentRequests idempotent, JsonBodyReader bodies) {
        super(ledgers.sms(), SmsStatus::of);
        this.acceptance = acceptance;
        this.idempotent = idempotent;
        this.bodies = bodies;
    }

    @PostMapping("/send")
    @ErrorAnswer(status = 402, response = "WalletInsufficient")
    @ErrorAnswer(status = 502, response = "SmsProviderFailed")
    Mono<ResponseEntity<JsonNode>> send(ServerWebExchange exchange) {
        return accept(exchange, SmsRequests.SINGLE, "SMS queued for delivery");
    }

    @PostMapping("/send/bulk")
    @ErrorAnswer(status = 402, response = "WalletInsufficient")
    @ErrorAnswer(status = 502, response = "SmsProviderFailed")
    Mono<ResponseEntity<JsonNode>> sendBulk(ServerWebExchange exchange) {
        return accept(exchange, SmsRequests.BULK, null);
    }

    private Mono<ResponseEntity<JsonNode>> accept(ServerWebExchange exchange, ObjectSchema schema, String message) {
        long org = OrgContext.of(exchange).organizationId();
        return bodies.readTree(exchange).flatMap(body -> idempotent.answer(exchange, body, HttpStatus.OK, () -> {
            SmsRequest request = request(bodies.validate(body, schema));
            return acceptance.accept(org, request).map(ids -> new SmsQueuedAnswer(
                    message != null ? message : "SMS queued for delivery to " + ids.size() + " recipients", ids));
        }));
    }

    private static SmsRequest request(JsonNode accepted) {
        JsonNode to = accepted.get("to");
        List<String> recipients = new ArrayList<>();
        if (to.isArray()) {
            to.forEach(number -> recipients.add(number.asString()));
        } else {
            recipients.add(to.asString());
        }
        JsonNode channel = accepted.get("channel");
        return new SmsRequest(accepted.get("sender_id").asString(), channel == null || channel.isNull() ? null : channel.asString(),
                recipients, accepted.get("message").asString());
    }
}
