package io.engagement.gateway.audit;

import io.engagement.gateway.signin.SignedInPerson;
import io.engagement.platform.auth.Role;
import io.engagement.platform.page.PageEnvelope;
import io.engagement.platform.page.PageRequest;
import io.engagement.platform.validation.ParamReader;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

/** {@code GET /external/v1/audit-events}: an organization's audit log, newest first, for its admins. */
@RestController
class AuditResource {

    private final AuditLog log;

    AuditResource(AuditLog log) {
        this.log = log;
    }

    @GetMapping("/external/v1/audit-events")
    Mono<PageEnvelope<AuditLog.AuditEventView>> list(ServerWebExchange exchange) {
        ParamReader query = ParamReader.query(exchange);
        PageRequest page = PageRequest.from(query);
        AuditLog.Filter filter = new AuditLog.Filter(query.string("action"), query.string("actor_email"), query.dateTime("since"),
                query.dateTime("until"));
        query.validate();
        return SignedInPerson.require(exchange, Role.ADMIN).flatMap(signedIn -> log.page(signedIn.organizationId(), filter, page));
    }
}
