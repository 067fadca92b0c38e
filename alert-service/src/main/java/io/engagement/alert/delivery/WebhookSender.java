package io.engagement.alert.delivery;

import io.engagement.alert.raised.AlertView;
import io.engagement.alert.rule.AlertRule;
import io.engagement.alert.rule.Channel;
import io.engagement.alert.rule.RuleDirectory;
import org.springframework.http.MediaType;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;
import tools.jackson.databind.ObjectMapper;

import java.net.URI;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Standard Webhooks: {@code {"type": "alert.raised", "timestamp", "data": <alert>}} signed with the
 * rule's secret; the {@code webhook-id} is the delivery's id, the same on every retry, so a
 * receiver can drop a repeat.
 */
@Component
class WebhookSender implements ChannelSender {

    private final OutboundCalls calls;
    private final RuleDirectory rules;
    private final ObjectMapper json;

    WebhookSender(OutboundCalls calls, RuleDirectory rules, ObjectMapper json) {
        this.calls = calls;
        this.rules = rules;
        this.json = json;
    }

    @Override
    public String channel() {
        return Channel.WEBHOOK;
    }

    @Override
    public Mono<Void> send(Delivery delivery, AlertView alert) {
        return rules.find(delivery.organizationId(), delivery.ruleId())
                .map(AlertRule::signingSecret)
                .switchIfEmpty(Mono.error(() -> new PermanentFailure("the rule was deleted, and its signing secret with it")))
                .flatMap(secret -> post(delivery, alert, secret));
    }

    private Mono<Void> post(Delivery delivery, AlertView alert, String secret) {
        URI url = URI.create(delivery.targetText());
        String body = json.writeValueAsString(payload(alert));
        long timestamp = Instant.now().getEpochSecond();
        return calls.toTarget(url, http -> http.post().uri(url)
                .contentType(MediaType.APPLICATION_JSON)
                .header("webhook-id", delivery.deliveryId())
                .header("webhook-timestamp", Long.toString(timestamp))
                .header("webhook-signature", WebhookSignature.sign(secret, delivery.deliveryId(), timestamp, body))
                .bodyValue(body)
                .retrieve()
                .toBodilessEntity()
                .then());
    }

    static Map<String, Object> payload(AlertView alert) {
        Map<String, Object> payload = new LinkedHashMap<>();
        payload.put("type", "alert.raised");
        payload.put("timestamp", alert.raisedAt());
        payload.put("data", alert);
        return payload;
    }
}
