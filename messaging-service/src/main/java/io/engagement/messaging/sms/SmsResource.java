package io.engagement.messaging.sms;

import io.engagement.messaging.delivery.MessageListQuery;
import io.engagement.messaging.delivery.MessageStatus;
import io.engagement.platform.apidocs.ErrorAnswer;
import io.engagement.platform.page.PageEnvelope;
import io.engagement.platform.store.PagedFind;
import io.engagement.platform.validation.ParamReader;
import org.bson.Document;
import io.engagement.platform.idempotency.IdempotentRequests;
import io.engagement.platform.auth.OrgContext;
import io.engagement.platform.error.ApiException;
import io.engagement.platform.validation.JsonBodyReader;
import io.engagement.platform.validation.ObjectSchema;
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

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * SMS: single and bulk sends and each message's status. The gateway maps the contract's doubled
 * prefix ({@code /external/v1/external/v1/sms/...}) onto these paths.
 */
@RestController
@RequestMapping("/external/v1/sms")
class SmsResource {

    private final SmsAcceptance acceptance;
    private final SmsLedger ledger;
    private final IdempotentRequests idempotent;
    private final JsonBodyReader bodies;
    private final ObjectMapper json;

    SmsResource(SmsAcceptance acceptance, SmsLedger ledger, IdempotentRequests idempotent, JsonBodyReader bodies, ObjectMapper json) {
        this.acceptance = acceptance;
        this.ledger = ledger;
        this.idempotent = idempotent;
        this.bodies = bodies;
        this.json = json;
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

    @GetMapping("/messages/{message_id}")
    Mono<Map<String, Object>> status(@PathVariable("message_id") String messageId, ServerWebExchange exchange) {
        return ledger.ledger().find(OrgContext.of(exchange).organizationId(), messageId)
                .map(SmsResource::shown)
                .switchIfEmpty(Mono.error(() -> ApiException.notFound("Message")));
    }

    /** The organization's messages, newest first, each as its status shows it. */
    @GetMapping("/messages")
    Mono<PageEnvelope<Map<String, Object>>> list(ServerWebExchange exchange) {
        MessageListQuery query = MessageListQuery.from(ParamReader.query(exchange));
        return ledger.ledger().page(OrgContext.of(exchange).organizationId(), query).map(PagedFind.mapped(SmsResource::shown));
    }

    private static Map<String, Object> shown(Document document) {
        return MessageStatus.of(document, "to", "sender_id", "channel", "segments", "encoding", "smsc_message_id", "delivery_status",
                "receipt_at");
    }

    private Mono<ResponseEntity<JsonNode>> accept(ServerWebExchange exchange, ObjectSchema schema, String message) {
        long org = OrgContext.of(exchange).organizationId();
        return bodies.readTree(exchange).flatMap(body -> idempotent.answer(exchange, body, HttpStatus.OK, () -> {
            SmsRequest request = request(bodies.validate(body, schema));
            return acceptance.accept(org, request).map(ids -> answer(ids,
                    message != null ? message : "SMS queued for delivery to " + ids.size() + " recipients"));
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

    private JsonNode answer(List<String> ids, String message) {
        ObjectNode answer = json.createObjectNode();
        answer.put("status", true);
        answer.put("message", message);
        ids.forEach(answer.putArray("message_ids")::add);
        return answer;
    }
}
