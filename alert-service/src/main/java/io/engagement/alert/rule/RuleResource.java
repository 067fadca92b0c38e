package io.engagement.alert.rule;

import io.engagement.alert.target.TargetGuard;
import io.engagement.platform.audit.AuditTrail;
import io.engagement.platform.auth.OrgContext;
import io.engagement.platform.error.ApiException;
import io.engagement.platform.event.AuditRecorded;
import io.engagement.platform.page.PageEnvelope;
import io.engagement.platform.page.PageRequest;
import io.engagement.platform.validation.CheckedBody;
import io.engagement.platform.validation.Loc;
import io.engagement.platform.validation.ParamReader;
import io.engagement.platform.validation.Violations;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import java.net.URI;
import java.security.SecureRandom;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/** {@code /external/v1/alerts/rules}: an organization's alert rules. */
@RestController
class RuleResource {

    private static final String RULES = "/external/v1/alerts/rules";
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final int SECRET_BYTES = 24;

    private final RuleStore store;
    private final RuleRequests requests;
    private final RuleDirectory directory;
    private final TargetGuard targets;

    private final AuditTrail audit;

    RuleResource(RuleStore store, RuleRequests requests, RuleDirectory directory, TargetGuard targets, AuditTrail audit) {
        this.audit = audit;
        this.store = store;
        this.requests = requests;
        this.directory = directory;
        this.targets = targets;
    }

    @PostMapping(RULES)
    @ResponseStatus(HttpStatus.CREATED)
    Mono<RuleView> create(ServerWebExchange exchange) {
        long organizationId = OrgContext.of(exchange).organizationId();
        return requests.read(exchange)
                .flatMap(this::screened)
                .map(request -> created(organizationId, request))
                .flatMap(store::insert)
                .doOnNext(rule -> directory.evict(organizationId))
                .map(rule -> RuleView.of(rule, rule.hasWebhook()))
                .flatMap(view -> audited(exchange, "alert_rule.created", view.ruleId()).thenReturn(view));
    }

    /** Which rule, never its channels: a webhook's secret or a workspace's URL may be among them. */
    private Mono<Void> audited(ServerWebExchange exchange, String action, String ruleId) {
        return audit.record(exchange, OrgContext.of(exchange), action, new AuditRecorded.Target("alert_rule", ruleId), Map.of());
    }

    @GetMapping(RULES)
    Mono<PageEnvelope<RuleView>> list(ServerWebExchange exchange) {
        long organizationId = OrgContext.of(exchange).organizationId();
        ParamReader query = ParamReader.query(exchange);
        PageRequest page = PageRequest.from(query);
        query.validate();
        return store.page(organizationId, page).map(rules -> rules.map(RuleView::of));
    }

    @GetMapping(RULES + "/{rule_id}")
    Mono<RuleView> get(@PathVariable("rule_id") String ruleId, ServerWebExchange exchange) {
        long organizationId = OrgContext.of(exchange).organizationId();
        return existing(organizationId, ruleId).map(RuleView::of);
    }

    @PutMapping(RULES + "/{rule_id}")
    Mono<RuleView> replace(@PathVariable("rule_id") String ruleId, ServerWebExchange exchange) {
        long organizationId = OrgContext.of(exchange).organizationId();
        return requests.read(exchange)
                .flatMap(this::screened)
                .flatMap(request -> existing(organizationId, ruleId).map(current -> replaced(current, request)))
                .flatMap(this::stored)
                .doOnNext(shown -> directory.evict(organizationId))
                .flatMap(view -> audited(exchange, "alert_rule.updated", ruleId).thenReturn(view));
    }

    @DeleteMapping(RULES + "/{rule_id}")
    @ResponseStatus(HttpStatus.NO_CONTENT)
    Mono<Void> delete(@PathVariable("rule_id") String ruleId, ServerWebExchange exchange) {
        long organizationId = OrgContext.of(exchange).organizationId();
        return store.delete(organizationId, ruleId)
                .flatMap(deleted -> deleted ? Mono.<Void>empty() : Mono.error(ApiException.notFound("Alert rule")))
                .doOnSuccess(done -> directory.evict(organizationId))
                .then(Mono.defer(() -> audited(exchange, "alert_rule.deleted", ruleId)));
    }

    private Mono<AlertRule> existing(long organizationId, String ruleId) {
        return store.find(organizationId, ruleId).switchIfEmpty(Mono.error(() -> ApiException.notFound("Alert rule")));
    }

    /**
     * The rule, its outbound targets checked against the address guard (names resolved off the
     * event loop); a refused target is reported with the body's other faults.
     */
    private Mono<NewRule> screened(CheckedBody body) {
        List<Channel> channels = body.partial(NewRule.class).channelsOrNone();
        return Flux.range(0, channels.size())
                .filter(i -> channels.get(i).reachedOverHttp())
                .concatMap(i -> targets.refusal(urlOf(channels.get(i)))
                        .flatMap(Mono::justOrEmpty)
                        .map(reason -> Violations.valueError(Loc.body().field("channels").index(i).field("target"),
                                channels.get(i).target(), reason)))
                .collectList()
                .map(faults -> body.withFaults(faults).bind(NewRule.class));
    }

    static URI urlOf(Channel channel) {
        if (channel.type().equals(Channel.PUSH)) {
            return PushSubscription.parse(channel.target()).orElseThrow().endpoint();
        }
        return RuleRequests.httpUrl(channel.targetText()).orElseThrow();
    }

    private static AlertRule created(long organizationId, NewRule request) {
        Instant now = Instant.now().truncatedTo(ChronoUnit.MILLIS);
        AlertRule draft = ruleOf(UUID.randomUUID().toString(), organizationId, request, null, now, now);
        return draft.hasWebhook() ? withSecret(draft, newSecret()) : draft;
    }

    /** The replacement, and whether it got its first secret (shown once, in this answer). */
    private static Replacement replaced(AlertRule current, NewRule request) {
        AlertRule draft = ruleOf(current.ruleId(), current.organizationId(), request, current.signingSecret(),
                current.timeCreated(), Instant.now().truncatedTo(ChronoUnit.MILLIS));
        boolean needsSecret = draft.hasWebhook() && draft.signingSecret() == null;
        return new Replacement(needsSecret ? withSecret(draft, newSecret()) : draft, needsSecret);
    }

    private Mono<RuleView> stored(Replacement replacement) {
        return store.replace(replacement.rule())
                .switchIfEmpty(Mono.error(() -> ApiException.notFound("Alert rule")))
                .map(rule -> RuleView.of(rule, replacement.newSecret()));
    }

    private record Replacement(AlertRule rule, boolean newSecret) {
    }

    private static AlertRule ruleOf(String ruleId, long organizationId, NewRule request, String secret, Instant created, Instant updated) {
        return new AlertRule(ruleId, organizationId, request.name(), request.type(), request.threshold(), request.frequency(),
                request.channelsOrNone(), request.quietHours(), request.confidenceThresholdOrDefault(),
                request.enabledOrDefault(), secret, created, updated);
    }

    private static AlertRule withSecret(AlertRule rule, String secret) {
        return new AlertRule(rule.ruleId(), rule.organizationId(), rule.name(), rule.type(), rule.threshold(), rule.frequency(),
                rule.channels(), rule.quietHours(), rule.confidenceThreshold(), rule.enabled(), secret, rule.timeCreated(),
                rule.timeUpdated());
    }

    /** {@code whsec_} and 24 random bytes in base64, as Standard Webhooks secrets are written. */
    static String newSecret() {
        byte[] bytes = new byte[SECRET_BYTES];
        RANDOM.nextBytes(bytes);
        return "whsec_" + Base64.getEncoder().encodeToString(bytes);
    }
}
