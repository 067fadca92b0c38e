package io.engagement.gateway.live;

import io.engagement.gateway.key.AuthenticatedKey;
import io.engagement.gateway.signin.PersonAuthentication;
import io.engagement.gateway.signin.SignedIn;
import io.engagement.platform.store.EmailKey;
import io.swagger.v3.oas.annotations.Hidden;
import io.engagement.platform.auth.InternalToken;
import io.engagement.platform.auth.KeyKind;
import io.engagement.platform.auth.ReusedTokens;
import io.engagement.platform.error.ApiException;
import io.engagement.platform.validation.JsonBodyReader;
import io.engagement.platform.validation.ObjectSchema;
import io.engagement.platform.validation.Rules;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

import static io.engagement.platform.validation.ObjectSchema.optional;
import static io.engagement.platform.validation.ObjectSchema.required;

/**
 * {@code POST /external/v1/live/tickets} {@code {"agent_email"}} with the data key (or a signed-in
 * agent's session, for their own address), and
 * {@code POST /widget/v1/live/tickets} with the public key and the visitor token: the routes forward
 * here once the key is authenticated, so a request that reaches these paths another way has no key
 * and is refused.
 */
@RestController
@Hidden
class LiveTicketResource {

    static final String PATH = "/gateway/live/tickets";
    static final String VISITOR_PATH = "/gateway/live/visitor-tickets";

    static final String AGENTS_ACT_AS_THEMSELVES = "agents act as themselves";

    private static final ObjectSchema SCHEMA = ObjectSchema.of(required("agent_email", Rules.string().email())).forbiddingExtra();
    private static final ObjectSchema PERSON_SCHEMA = ObjectSchema.of(optional("agent_email", Rules.string().email())).forbiddingExtra();

    private final LiveTickets tickets;
    private final VisitorTokens visitorTokens;
    private final ReusedTokens internalTokens;
    private final JsonBodyReader bodies;

    LiveTicketResource(LiveTickets tickets, VisitorTokens visitorTokens, InternalToken internalTokens, JsonBodyReader bodies) {
        this.tickets = tickets;
        this.visitorTokens = visitorTokens;
        this.internalTokens = new ReusedTokens(internalTokens);
        this.bodies = bodies;
    }

    @PostMapping(PATH)
    @ResponseStatus(HttpStatus.CREATED)
    Mono<LiveTickets.Issued> issue(ServerWebExchange exchange) {
        AuthenticatedKey key = exchange.getAttribute(AuthenticatedKey.ATTRIBUTE);
        if (key != null && key.context().keyKind() == KeyKind.DATA) {
            return bodies.read(exchange, SCHEMA, Request.class).flatMap(request -> tickets.issue(key.context().organizationId(), request.agentEmail()));
        }
        return exchange.getPrincipal().ofType(PersonAuthentication.class)
                .switchIfEmpty(Mono.error(() -> ApiException.unauthorized("Missing API key")))
                .flatMap(person -> bodies.read(exchange, PERSON_SCHEMA, Request.class)
                        .flatMap(request -> tickets.issue(person.signedIn().organizationId(), ownEmail(person.signedIn(), request))));
    }

    /** A signed-in agent's socket is their own: another address is refused, none means theirs. */
    private static String ownEmail(SignedIn signedIn, Request request) {
        String own = signedIn.member().email();
        if (request.agentEmail() != null && !EmailKey.of(request.agentEmail()).equals(own)) {
            throw ApiException.forbidden(AGENTS_ACT_AS_THEMSELVES);
        }
        return own;
    }

    /** The visitor's token, checked where visitors are kept, traded for a ticket; the body, if any, is not read. */
    @PostMapping(VISITOR_PATH)
    @ResponseStatus(HttpStatus.CREATED)
    Mono<LiveTickets.Issued> issueForVisitor(ServerWebExchange exchange) {
        AuthenticatedKey key = exchange.getAttribute(AuthenticatedKey.ATTRIBUTE);
        if (key == null || key.context().keyKind() != KeyKind.PUBLIC) {
            return Mono.error(ApiException.unauthorized("Missing public key"));
        }
        long organizationId = key.context().organizationId();
        return visitorTokens.visitorOf(internalTokens.tokenFor(key.context()), VisitorTokens.of(exchange.getRequest()))
                .flatMap(visitorId -> tickets.issueForVisitor(organizationId, visitorId));
    }

    record Request(String agentEmail) {
    }
}
