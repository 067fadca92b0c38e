package io.engagement.alert.raised;

import io.engagement.alert.rule.AlertRule;
import io.engagement.alert.trigger.TriggerName;
import io.engagement.platform.auth.OrgContext;
import io.engagement.platform.error.ApiException;
import io.engagement.platform.page.PageEnvelope;
import io.engagement.platform.page.PageRequest;
import io.engagement.platform.validation.ParamReader;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

import java.util.List;
import java.util.stream.Stream;

/** {@code /external/v1/alerts}: an organization's raised alerts, newest first. */
@RestController
class AlertResource {

    private static final String ALERTS = "/external/v1/alerts";
    /** The rules' alert types and the triggers' ({@code trigger.<name>}). */
    private static final List<String> TYPES = Stream.concat(AlertRule.TYPES.stream(), TriggerName.ALERT_TYPES.stream()).toList();

    private final AlertStore store;

    AlertResource(AlertStore store) {
        this.store = store;
    }

    @GetMapping(ALERTS)
    Mono<PageEnvelope<AlertView>> list(ServerWebExchange exchange) {
        long organizationId = OrgContext.of(exchange).organizationId();
        ParamReader query = ParamReader.query(exchange);
        String status = query.literal("status", null, List.of(AlertView.OPEN, AlertView.ACKNOWLEDGED));
        String type = query.literal("type", null, TYPES);
        PageRequest page = PageRequest.from(query);
        query.validate();
        return store.page(organizationId, status, type, page);
    }

    @GetMapping(ALERTS + "/{alert_id}")
    Mono<AlertView> get(@PathVariable("alert_id") String alertId, ServerWebExchange exchange) {
        long organizationId = OrgContext.of(exchange).organizationId();
        return store.find(organizationId, alertId).switchIfEmpty(Mono.error(() -> ApiException.notFound("Alert")));
    }

    /** Idempotent: acknowledging an acknowledged alert answers it unchanged. */
    @PostMapping(ALERTS + "/{alert_id}/acknowledge")
    Mono<AlertView> acknowledge(@PathVariable("alert_id") String alertId, ServerWebExchange exchange) {
        long organizationId = OrgContext.of(exchange).organizationId();
        return store.acknowledge(organizationId, alertId).switchIfEmpty(Mono.error(() -> ApiException.notFound("Alert")));
    }
}
