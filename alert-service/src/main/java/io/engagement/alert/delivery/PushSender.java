package io.engagement.alert.delivery;

import io.engagement.alert.raised.AlertView;
import io.engagement.alert.rule.Channel;
import io.engagement.alert.rule.PushSubscription;
import nl.martijndwars.webpush.AbstractPushService;
import nl.martijndwars.webpush.Encoding;
import nl.martijndwars.webpush.HttpRequest;
import nl.martijndwars.webpush.Notification;
import org.springframework.stereotype.Component;
import org.springframework.web.reactive.function.client.WebClientResponseException;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;
import tools.jackson.databind.ObjectMapper;

import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Web Push: the alert, encrypted for the subscription (RFC 8291, aes128gcm) and authorized with
 * VAPID (RFC 8292) by the web-push library, then posted to the push service with WebClient. A
 * subscription the push service no longer knows (404, 410) fails the delivery at once.
 */
@Component
class PushSender implements ChannelSender {

    private final OutboundCalls calls;
    private final VapidKeys vapid;
    private final PushSettings settings;
    private final ObjectMapper json;

    PushSender(OutboundCalls calls, VapidKeys vapid, PushSettings settings, ObjectMapper json) {
        this.calls = calls;
        this.vapid = vapid;
        this.settings = settings;
        this.json = json;
    }

    @Override
    public String channel() {
        return Channel.PUSH;
    }

    @Override
    public Mono<Void> send(Delivery delivery, AlertView alert) {
        PushSubscription subscription = PushSubscription.parse(delivery.target())
                .orElseThrow(() -> new PermanentFailure("the target is not a Web Push subscription"));
        byte[] payload = json.writeValueAsString(notification(alert)).getBytes(StandardCharsets.UTF_8);
        return vapid.keyPair()
                .publishOn(Schedulers.boundedElastic())
                .map(keys -> encrypted(keys, subscription, payload))
                .flatMap(request -> calls.toTarget(subscription.endpoint(), http -> http.post().uri(request.getUrl())
                        .headers(headers -> request.getHeaders().forEach(headers::set))
                        .bodyValue(request.getBody())
                        .retrieve()
                        .toBodilessEntity()
                        .then()))
                .onErrorMap(WebClientResponseException.class, failure -> failure.getStatusCode().value() == 404
                        || failure.getStatusCode().value() == 410
                        ? new PermanentFailure("the push subscription has expired (" + failure.getStatusCode().value() + ")") : failure);
    }

    private HttpRequest encrypted(KeyPair keys, PushSubscription subscription, byte[] payload) {
        try {
            Notification notification = new Notification(subscription.endpoint().toString(), subscription.p256dh(),
                    subscription.auth(), payload, (int) settings.ttl().toSeconds());
            return new VapidPush(keys, settings.vapidSubject()).request(notification);
        } catch (Exception unusable) {
            throw new PermanentFailure("the push subscription's keys cannot encrypt: " + unusable.getMessage());
        }
    }

    static Map<String, Object> notification(AlertView alert) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("title", "Alert: " + alert.type().replace('_', ' '));
        body.put("body", alert.message());
        body.put("alert_id", alert.alertId());
        body.put("rule_id", alert.ruleId());
        body.put("type", alert.type());
        body.put("value", alert.value());
        body.put("confidence", alert.confidence());
        body.put("subject", alert.subject());
        body.put("raised_at", alert.raisedAt());
        return body;
    }

    /** The library's request preparation (encryption and VAPID header) without its own HTTP client. */
    private static final class VapidPush extends AbstractPushService<VapidPush> {

        VapidPush(KeyPair keys, String subject) {
            super(keys, subject);
        }

        HttpRequest request(Notification notification) throws Exception {
            return prepareRequest(notification, Encoding.AES128GCM);
        }
    }
}
