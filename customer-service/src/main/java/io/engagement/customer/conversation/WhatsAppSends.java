package io.engagement.customer.conversation;

import io.engagement.platform.auth.InternalToken;
import io.engagement.platform.auth.KeyKind;
import io.engagement.platform.auth.OrgContext;
import io.engagement.platform.error.ApiException;
import io.engagement.platform.error.RequestValidationException;
import io.engagement.platform.event.ConversationView;
import io.engagement.platform.event.MessageView;
import io.engagement.platform.idempotency.IdempotentRequests;
import io.engagement.platform.validation.Loc;
import io.engagement.platform.validation.Violations;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.stereotype.Component;
import org.springframework.web.reactive.function.client.ClientResponse;
import org.springframework.web.reactive.function.client.WebClient;
import org.springframework.web.reactive.function.client.WebClientRequestException;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Sends a WhatsApp conversation's messages to its user through the messaging service's WhatsApp
 * send, which charges the wallet and queues the text, and answers at once whether it took it. The
 * one synchronous call between services (ADR 0008): an agent's reply the wallet cannot cover must
 * be refused in the agent's request, before it is stored. The same {@code Idempotency-Key} for
 * the same message makes a retried send queue and charge it once.
 */
@Component
@EnableConfigurationProperties({WhatsAppProperties.class, WhatsAppSends.Services.class})
class WhatsAppSends {

    static final String INSUFFICIENT = "insufficient wallet balance";
    /** The Cloud API's limit on a text message's body. */
    static final int MAX_LENGTH = 4_096;
    private static final String SEND = "/external/v1/whatsapp/send";
    private static final Logger log = LoggerFactory.getLogger(WhatsAppSends.class);

    private final WebClient client = WebClient.create();
    private final List<String> messaging;
    private final InternalToken tokens;
    private final WhatsAppProperties properties;
    private final AtomicInteger turn = new AtomicInteger();

    WhatsAppSends(Services services, InternalToken tokens, WhatsAppProperties properties) {
        this.messaging = List.copyOf(services.messaging());
        this.tokens = tokens;
        this.properties = properties;
    }

    /**
     * A WhatsApp conversation's outgoing message, sent before it is stored: an agent's reply that
     * cannot be sent (the wallet, the connection) is refused and so never stored. The bot's and the
     * system's messages are stored whatever happens, marked {@code failed} when they could not go.
     */
    Mono<MessageView.Delivery> deliver(ConversationState conversation, MessageDraft draft) {
        boolean agents = MessageView.AGENT.equals(draft.sender().type());
        if (agents && draft.content().length() > MAX_LENGTH) {
            return Mono.error(new RequestValidationException(Violations.stringTooLong(Loc.body().field("content"), draft.content(), MAX_LENGTH)));
        }
        String text = draft.content().length() > MAX_LENGTH ? draft.content().substring(0, MAX_LENGTH) : draft.content();
        String sendKey = "conversation:" + conversation.conversationId() + ":" + (draft.key() != null ? draft.key() : UUID.randomUUID());
        Mono<MessageView.Delivery> sent = send(conversation.organizationId(), conversation.visitor().whatsappNumber(), text, sendKey);
        return agents ? sent : sent.onErrorResume(ApiException.class,
                refused -> Mono.just(new MessageView.Delivery(ConversationView.WHATSAPP, "failed", null)));
    }

    /**
     * The delivery of {@code text} to {@code to}: 402 when the wallet cannot cover it, 409 when the
     * organization's number is no longer connected, 503 when the messaging service cannot take it.
     */
    private Mono<MessageView.Delivery> send(long organizationId, String to, String text, String idempotencyKey) {
        int first = Math.floorMod(turn.getAndIncrement(), messaging.size());
        return attempt(organizationId, Map.of("to", to, "message", text), idempotencyKey, first, 0)
                .timeout(properties.sendTimeout())
                .onErrorMap(TimeoutException.class, late -> unavailable(late.toString()));
    }

    /** Replicas in turn: one that cannot be reached hands the send to the next. */
    private Mono<MessageView.Delivery> attempt(long organizationId, Map<String, String> body, String idempotencyKey, int first, int tried) {
        String base = messaging.get((first + tried) % messaging.size());
        return client.post().uri(base + SEND)
                .contentType(MediaType.APPLICATION_JSON)
                .header(InternalToken.HEADER, tokens.mint(new OrgContext(organizationId, KeyKind.DATA)))
                .header(IdempotentRequests.HEADER, idempotencyKey)
                .bodyValue(body)
                .exchangeToMono(WhatsAppSends::answered)
                .onErrorResume(WebClientRequestException.class, unreachable -> tried + 1 < messaging.size()
                        ? attempt(organizationId, body, idempotencyKey, first, tried + 1)
                        : Mono.error(unavailable(unreachable.getMessage())));
    }

    private static Mono<MessageView.Delivery> answered(ClientResponse response) {
        HttpStatus status = HttpStatus.resolve(response.statusCode().value());
        if (status == HttpStatus.OK) {
            return response.bodyToMono(JsonNode.class)
                    .map(body -> new MessageView.Delivery(ConversationView.WHATSAPP, "queued", body.path("message_id").asString(null)));
        }
        if (status == HttpStatus.PAYMENT_REQUIRED) {
            return response.releaseBody().then(Mono.error(ApiException.error(HttpStatus.PAYMENT_REQUIRED, INSUFFICIENT)));
        }
        if (status == HttpStatus.CONFLICT) {
            return response.releaseBody().then(Mono.error(ApiException.conflict("WhatsApp is not connected")));
        }
        return response.bodyToMono(String.class).defaultIfEmpty("")
                .flatMap(body -> Mono.error(unavailable("the messaging service answered " + response.statusCode() + " " + body)));
    }

    private static ApiException unavailable(String why) {
        log.warn("A WhatsApp message could not be handed to the messaging service: {}", why);
        return ApiException.unavailable("the WhatsApp send is unavailable; nothing was sent or stored");
    }

    /**
     * @param messaging the messaging service's base URLs ({@code ENGAGEMENT_SERVICES_MESSAGING}, comma-separated),
     *                  through which WhatsApp conversations' replies are sent
     */
    @ConfigurationProperties("engagement.services")
    record Services(@DefaultValue("http://127.0.0.1:8083") List<String> messaging) {
    }
}
