package io.engagement.customer.conversation;

import io.engagement.platform.error.ApiException;
import io.engagement.platform.error.RequestValidationException;
import io.engagement.platform.validation.JsonBodyReader;
import io.engagement.platform.validation.Violations;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.ObjectMapper;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;

/**
 * The WhatsApp Cloud API's webhook, which carries no key: Meta's subscription handshake, and the
 * notifications it signs with the app secret. A notification is answered 200 only once its texts
 * are stored, so one Meta has to send again is never half taken.
 */
@RestController
@RequestMapping("/webhooks/whatsapp")
class WhatsAppWebhookResource {

    private final WhatsAppInbound inbound;
    private final WhatsAppProperties properties;
    private final JsonBodyReader bodies;
    private final ObjectMapper json;

    WhatsAppWebhookResource(WhatsAppInbound inbound, WhatsAppProperties properties, JsonBodyReader bodies, ObjectMapper json) {
        this.inbound = inbound;
        this.properties = properties;
        this.bodies = bodies;
        this.json = json;
    }

    /** Meta's handshake when the webhook is subscribed: the challenge back, for the configured verify token only. */
    @GetMapping
    ResponseEntity<String> verify(@RequestParam(name = "hub.mode", required = false) String mode,
                                  @RequestParam(name = "hub.verify_token", required = false) String token,
                                  @RequestParam(name = "hub.challenge", required = false) String challenge) {
        if (!"subscribe".equals(mode) || challenge == null || !sameToken(token)) {
            throw ApiException.forbidden("the verify token does not match");
        }
        return ResponseEntity.ok().contentType(MediaType.TEXT_PLAIN).body(challenge);
    }

    @PostMapping
    Mono<ResponseEntity<Void>> receive(ServerWebExchange exchange) {
        String signature = exchange.getRequest().getHeaders().getFirst(WhatsAppSignature.HEADER);
        return bodies.readBytes(exchange)
                .defaultIfEmpty(new byte[0])
                .flatMap(body -> {
                    if (!WhatsAppSignature.verifies(body, signature, properties.appSecret())) {
                        return Mono.error(ApiException.unauthorized("missing or invalid " + WhatsAppSignature.HEADER));
                    }
                    return inbound.receive(notification(body));
                })
                .thenReturn(ResponseEntity.ok().<Void>build());
    }

    private WhatsAppNotification notification(byte[] body) {
        try {
            WhatsAppNotification notification = json.readValue(body, WhatsAppNotification.class);
            if (notification == null) {
                throw new RequestValidationException(Violations.jsonInvalid("expected a WhatsApp Cloud API notification"));
            }
            return notification;
        } catch (JacksonException unreadable) {
            throw new RequestValidationException(Violations.jsonInvalid(unreadable.getOriginalMessage()));
        }
    }

    private boolean sameToken(String token) {
        String expected = properties.verifyToken();
        return expected != null && !expected.isBlank() && token != null
                && MessageDigest.isEqual(expected.getBytes(StandardCharsets.UTF_8), token.getBytes(StandardCharsets.UTF_8));
    }
}
