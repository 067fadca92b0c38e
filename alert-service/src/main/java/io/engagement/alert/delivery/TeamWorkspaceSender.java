package io.engagement.alert.delivery;

import io.engagement.alert.raised.AlertView;
import io.engagement.alert.rule.Channel;
import org.springframework.http.MediaType;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;
import tools.jackson.databind.ObjectMapper;

import java.net.URI;
import java.util.List;
import java.util.Map;

/** The alert as a Slack-compatible incoming-webhook message: {@code {"text", "blocks"}}. */
@Component
class TeamWorkspaceSender implements ChannelSender {

    private final OutboundCalls calls;
    private final ObjectMapper json;

    TeamWorkspaceSender(OutboundCalls calls, ObjectMapper json) {
        this.calls = calls;
        this.json = json;
    }

    @Override
    public String channel() {
        return Channel.TEAM_WORKSPACE;
    }

    @Override
    public Mono<Void> send(Delivery delivery, AlertView alert) {
        URI url = URI.create(delivery.targetText());
        return calls.toTarget(url, http -> http.post().uri(url)
                .contentType(MediaType.APPLICATION_JSON)
                .bodyValue(json.writeValueAsString(message(alert)))
                .retrieve()
                .toBodilessEntity()
                .then());
    }

    static Map<String, Object> message(AlertView alert) {
        String title = "Alert: " + alert.type().replace('_', ' ');
        String details = "*Value:* " + alert.value() + "   *Threshold:* " + alert.threshold()
                + "   *Confidence:* " + Math.round(alert.confidence())
                + (alert.subject() == null ? "" : "   *Subject:* " + alert.subject());
        return Map.of(
                "text", title + " — " + alert.message(),
                "blocks", List.of(
                        Map.of("type", "header", "text", Map.of("type", "plain_text", "text", title)),
                        Map.of("type", "section", "text", Map.of("type", "mrkdwn", "text", alert.message())),
                        Map.of("type", "section", "text", Map.of("type", "mrkdwn", "text", details)),
                        Map.of("type", "context", "elements", List.of(Map.of("type", "mrkdwn",
                                "text", "Window " + alert.windowStart() + " to " + alert.windowEnd() + " · alert " + alert.alertId())))));
    }
}
