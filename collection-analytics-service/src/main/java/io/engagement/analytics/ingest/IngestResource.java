package io.engagement.analytics.ingest;

import io.engagement.platform.auth.OrgContext;
import io.engagement.platform.event.OrganizationPolicies;
import io.engagement.platform.validation.JsonBodyReader;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

import java.time.Clock;

/**
 * {@code POST /external/v1/events}: the browser SDK's and servers' telemetry. Each event is checked
 * on its own; the valid ones are accepted even when others are not. The answer is 202 only once
 * the broker has them all, or 503 so the client retries the whole batch.
 */
@RestController
class IngestResource {

    private final JsonBodyReader bodies;
    private final TelemetryPublisher publisher;
    private final OrganizationPolicies policies;
    private final IngestCounter counter;
    private final Clock clock = Clock.systemUTC();

    IngestResource(JsonBodyReader bodies, TelemetryPublisher publisher, OrganizationPolicies policies, IngestCounter counter) {
        this.bodies = bodies;
        this.publisher = publisher;
        this.policies = policies;
        this.counter = counter;
    }

    @PostMapping("/external/v1/events")
    @ResponseStatus(HttpStatus.ACCEPTED)
    Mono<IngestResult> ingest(ServerWebExchange exchange) {
        long organizationId = OrgContext.of(exchange).organizationId();
        return bodies.readTreeFromBrowser(exchange)
                .map(body -> bodies.validate(body, TelemetryBatch.SCHEMA))
                .zipWith(redactorOf(organizationId), (batch, redactor) -> TelemetryBatch.sort(batch.get("events"), clock.instant(), redactor))
                .flatMap(batch -> publisher.publish(organizationId, batch.accepted())
                        .then(Mono.fromRunnable(() -> counter.count(batch.accepted().size())))
                        .thenReturn(new IngestResult(batch.accepted().size(), batch.rejected())));
    }

    /** Redaction stays on unless the organization opted kinds of it out through the admin API. */
    private Mono<Redactor> redactorOf(long organizationId) {
        return policies.of(organizationId).map(policy -> Redactor.optingOut(policy.redactionOptOut()));
    }
}
