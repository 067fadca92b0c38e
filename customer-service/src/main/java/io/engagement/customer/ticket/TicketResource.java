package io.engagement.customer.ticket;

import io.engagement.platform.auth.OrgContext;
import io.engagement.platform.idempotency.IdempotentRequests;
import io.engagement.platform.page.PageEnvelope;
import io.engagement.platform.validation.JsonBodyReader;
import io.engagement.platform.validation.ParamReader;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PatchMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/** {@code /external/v1/tickets}: opened with the data key or the widget's public key; listed, read and changed with the data key. */
@RestController
@RequestMapping("/external/v1/tickets")
class TicketResource {

    private final TicketDesk desk;
    private final TicketStore store;
    private final JsonBodyReader bodies;
    private final IdempotentRequests idempotent;

    TicketResource(TicketDesk desk, TicketStore store, JsonBodyReader bodies, IdempotentRequests idempotent) {
        this.desk = desk;
        this.store = store;
        this.bodies = bodies;
        this.idempotent = idempotent;
    }

    /**
     * A key that may not open tickets is refused before its body is read, and before an earlier
     * answer is replayed. With the public key an unknown {@code customer_id} is dropped rather than
     * refused, and the answer names no customer, so the public key cannot probe which customer ids
     * exist (see {@link TicketDesk}).
     */
    @PostMapping
    Mono<ResponseEntity<JsonNode>> open(ServerWebExchange exchange) {
        OrgContext context = OrgContext.of(exchange);
        return desk.mayOpen(context)
                .then(Mono.defer(() -> bodies.readTree(exchange)))
                .flatMap(body -> idempotent.answer(exchange, body, HttpStatus.CREATED,
                        () -> desk.open(context, bodies.check(body, NewTicket.SCHEMA))));
    }

    @GetMapping
    Mono<PageEnvelope<Ticket>> list(ServerWebExchange exchange) {
        long organizationId = OrgContext.ofDataKey(exchange).organizationId();
        return store.page(organizationId, TicketQuery.from(ParamReader.query(exchange)));
    }

    @GetMapping("/{ticket_id}")
    Mono<Ticket> get(@PathVariable("ticket_id") String ticketId, ServerWebExchange exchange) {
        return desk.find(OrgContext.ofDataKey(exchange).organizationId(), ticketId);
    }

    @PatchMapping("/{ticket_id}")
    Mono<Ticket> change(@PathVariable("ticket_id") String ticketId, ServerWebExchange exchange) {
        long organizationId = OrgContext.ofDataKey(exchange).organizationId();
        return bodies.readTree(exchange)
                .flatMap(body -> desk.change(organizationId, ticketId, bodies.check(body, TicketChange.SCHEMA)));
    }
}
