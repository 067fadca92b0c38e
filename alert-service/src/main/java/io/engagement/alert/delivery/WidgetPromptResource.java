package io.engagement.alert.delivery;

import io.engagement.alert.raised.AlertStore;
import io.engagement.alert.raised.AlertView;
import io.engagement.platform.auth.OrgContext;
import io.engagement.platform.error.RequestValidationException;
import io.engagement.platform.validation.Loc;
import io.engagement.platform.validation.ParamReader;
import io.engagement.platform.validation.Violations;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

import java.time.Instant;
import java.time.temporal.ChronoUnit;

/**
 * {@code GET /widget/v1/prompts?session_id=...} (the public key, from the end user's widget): hands
 * out the session's trigger prompts that are due, each once. A prompt raised in the triggers' quiet
 * hours stays {@code deferred} until they end; one asked for while they last waits too.
 */
@RestController
class WidgetPromptResource {

    private static final int MAX_SESSION_ID = 128;

    private final DeliveryStore store;
    private final AlertStore alerts;

    WidgetPromptResource(DeliveryStore store, AlertStore alerts) {
        this.store = store;
        this.alerts = alerts;
    }

    @GetMapping("/widget/v1/prompts")
    Mono<WidgetPrompts> prompts(ServerWebExchange exchange) {
        long organizationId = OrgContext.of(exchange).organizationId();
        String sessionId = sessionId(ParamReader.query(exchange).string("session_id").orElse(null));
        Instant now = Instant.now().truncatedTo(ChronoUnit.MILLIS);
        return store.widgetPromptsDue(organizationId, sessionId, now)
                .concatMap(delivery -> handOut(delivery, now))
                .map(WidgetPrompts.Prompt::of)
                .collectList()
                .map(prompts -> new WidgetPrompts(sessionId, prompts));
    }

    private Mono<AlertView> handOut(Delivery delivery, Instant now) {
        if (delivery.quietHours() != null && delivery.quietHours().covers(now)) {
            return store.settle(delivery, Delivery.DEFERRED, delivery.attempts(), delivery.quietHours().endAfter(now), null)
                    .then(Mono.empty());
        }
        // the alert is stored a moment after its deliveries: a prompt whose alert is not there yet waits for the next request
        return alerts.find(delivery.organizationId(), delivery.alertId())
                .filterWhen(alert -> store.handedOut(delivery, now));
    }

    private static String sessionId(String raw) {
        Loc loc = Loc.query("session_id");
        if (raw == null) {
            throw new RequestValidationException(Violations.missing(loc, null));
        }
        if (raw.isEmpty()) {
            throw new RequestValidationException(Violations.stringTooShort(loc, raw, 1));
        }
        if (raw.length() > MAX_SESSION_ID) {
            throw new RequestValidationException(Violations.stringTooLong(loc, raw, MAX_SESSION_ID));
        }
        return raw;
    }
}
