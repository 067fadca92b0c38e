package io.engagement.alert.delivery;

import io.engagement.alert.alert.AlertView;
import io.engagement.alert.rule.Channel;
import io.engagement.platform.auth.InternalToken;
import io.engagement.platform.auth.KeyKind;
import io.engagement.platform.auth.OrgContext;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.http.MediaType;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;
import tools.jackson.databind.ObjectMapper;

import java.net.URI;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Alert e-mail through the messaging service's send API, as the organization with a transactional
 * key would send it. The delivery id is the {@code Idempotency-Key}, so a retry after a lost
 * answer never sends a second mail.
 */
@Component
class EmailSender implements ChannelSender {

    static final String SEND = "/external/v1/transactional-email/send";

    private final OutboundCalls calls;
    private final InternalToken tokens;
    private final URI messaging;
    private final ObjectMapper json;

    EmailSender(OutboundCalls calls, InternalToken tokens, ObjectMapper json,
                @Value("${engagement.alert.messaging-uri:http://127.0.0.1:8083}") URI messaging) {
        this.json = json;
        this.calls = calls;
        this.tokens = tokens;
        this.messaging = messaging;
    }

    @Override
    public String channel() {
        return Channel.EMAIL;
    }

    @Override
    public Mono<Void> send(Delivery delivery, AlertView alert) {
        URI url = messaging.resolve(SEND);
        return calls.toService(url, http -> http.post().uri(url)
                .contentType(MediaType.APPLICATION_JSON)
                .header(InternalToken.HEADER, tokens.mint(new OrgContext(delivery.organizationId(), KeyKind.TRANSACTIONAL)))
                .header("Idempotency-Key", delivery.deliveryId())
                .bodyValue(json.writeValueAsString(mail(delivery.targetText(), alert)))
                .retrieve()
                .toBodilessEntity()
                .then())
                .onErrorMap(OutboundCalls::isRefusal, refused -> new PermanentFailure("messaging refused the mail: " + refused.getMessage()));
    }

    static Map<String, Object> mail(String to, AlertView alert) {
        Map<String, Object> mail = new LinkedHashMap<>();
        mail.put("to_email", to);
        mail.put("subject", literal("Alert: " + alert.type().replace('_', ' ') + " — " + alert.message()));
        mail.put("text_content", literal(alert.message() + "\n\n"
                + "Type: " + alert.type() + "\n"
                + "Value: " + alert.value() + " (threshold " + alert.threshold() + ")\n"
                + "Confidence: " + Math.round(alert.confidence()) + "\n"
                + (alert.subject() == null ? "" : "Subject: " + alert.subject() + "\n")
                + "Window: " + alert.windowStart() + " to " + alert.windowEnd() + "\n"
                + "Alert id: " + alert.alertId() + "\n"));
        mail.put("email_type", "alert");
        mail.put("category", "alerts");
        return mail;
    }

    /** Messaging fills Mustache placeholders; an alert's text (a URL, a message) is shown as it is. */
    private static String literal(String text) {
        return text.replace("{{", "{ {").replace("}}", "} }");
    }
}
