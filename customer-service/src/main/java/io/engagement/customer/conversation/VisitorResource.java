package io.engagement.customer.conversation;

import io.engagement.platform.auth.OrgContext;
import io.engagement.platform.event.ConversationVisitor;
import io.engagement.platform.validation.JsonBodyReader;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PatchMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

/** {@code /widget/v1/visitors}: the chat widget makes its visitor with the public key, and updates it with the visitor token. */
@RestController
@RequestMapping("/widget/v1/visitors")
class VisitorResource {

    private final Visitors visitors;
    private final JsonBodyReader bodies;

    VisitorResource(Visitors visitors, JsonBodyReader bodies) {
        this.visitors = visitors;
        this.bodies = bodies;
    }

    @PostMapping
    @ResponseStatus(HttpStatus.CREATED)
    Mono<IssuedVisitor> create(ServerWebExchange exchange) {
        long organizationId = OrgContext.of(exchange).organizationId();
        return bodies.read(exchange, NewVisitor.SCHEMA, NewVisitor.class).flatMap(request -> visitors.create(organizationId, request));
    }

    /** The visitor its token names; what the gateway asks before it lets a visitor's live connection in. */
    @GetMapping("/me")
    Mono<ConversationVisitor> me(ServerWebExchange exchange) {
        return visitors.of(OrgContext.of(exchange).organizationId(), exchange.getRequest()).map(Visitor::view);
    }

    /** How a visitor leaves a name or an address to be answered at. */
    @PatchMapping("/me")
    Mono<ConversationVisitor> change(ServerWebExchange exchange) {
        long organizationId = OrgContext.of(exchange).organizationId();
        return visitors.of(organizationId, exchange.getRequest())
                .flatMap(visitor -> bodies.read(exchange, VisitorChange.SCHEMA, VisitorChange.class)
                        .flatMap(change -> visitors.change(visitor, change)))
                .map(Visitor::view);
    }
}
