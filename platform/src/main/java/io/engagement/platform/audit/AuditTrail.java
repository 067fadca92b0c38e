package io.engagement.platform.audit;

import io.engagement.platform.auth.OrgContext;
import io.engagement.platform.event.AuditRecorded;
import io.engagement.platform.event.EventEnvelope;
import io.engagement.platform.event.EventPublisher;
import io.engagement.platform.event.Topics;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;

/**
 * Records an act for the organization's audit log ({@link AuditRecorded} on {@link Topics#AUDIT}).
 * The act has already happened when this runs, so the record is published after it: a broker that
 * does not take it within a few seconds is logged, and the act's answer is not held back or failed.
 */
public final class AuditTrail {

    private static final Logger log = LoggerFactory.getLogger(AuditTrail.class);
    private static final Duration PATIENCE = Duration.ofSeconds(5);

    private final EventPublisher events;
    private final Clock clock;

    public AuditTrail(EventPublisher events, Clock clock) {
        this.events = events;
        this.clock = clock;
    }

    /** An act of the request's person or key on {@code target}. */
    public Mono<Void> record(ServerWebExchange exchange, OrgContext context, String action, AuditRecorded.Target target,
                             Map<String, Object> details) {
        return record(context.organizationId(), action, actorOf(context), target, exchange.getRequest(), details);
    }

    public Mono<Void> record(long organizationId, String action, AuditRecorded.Actor actor, AuditRecorded.Target target,
                             ServerHttpRequest request, Map<String, Object> details) {
        String eventId = UUID.randomUUID().toString();
        AuditRecorded act = new AuditRecorded(eventId, clock.instant(), action, actor, target,
                request == null ? null : ClientAddress.of(request), request == null ? null : request.getHeaders().getFirst("User-Agent"),
                details == null ? Map.of() : details);
        return events.publish(Topics.AUDIT, EventEnvelope.key(organizationId, eventId),
                        EventEnvelope.of(UUID.randomUUID(), organizationId, act.at(), act))
                .timeout(PATIENCE)
                .onErrorResume(failure -> {
                    log.warn("The audit log missed {} on {} {} of organization {}", action, target.type(), target.id(), organizationId, failure);
                    return Mono.empty();
                });
    }

    /** The person a session names, else the key (its id is the gateway's to know). */
    public static AuditRecorded.Actor actorOf(OrgContext context) {
        return context.person()
                .map(person -> new AuditRecorded.Actor("person", person.personId(), person.email(), null))
                .orElseGet(() -> new AuditRecorded.Actor("key", null, null, null));
    }
}
