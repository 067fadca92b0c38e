package io.engagement.customer.conversation;

import io.engagement.customer.widget.IdentityVerification;
import io.engagement.platform.auth.Secrets;
import io.engagement.platform.error.ApiException;
import io.engagement.platform.error.RequestValidationException;
import io.engagement.platform.id.IdSequences;
import io.engagement.platform.validation.Loc;
import io.engagement.platform.validation.Violations;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;

/**
 * Makes visitors and recognises them by their token. A visitor that sends a valid
 * {@code identity_hash} is verified as the customer (or e-mail) it names; a wrong hash is refused,
 * and so is a claim without a hash while the organization requires verification. An unverified
 * visitor's claimed customer id and e-mail are kept to show agents, never to link it to anyone.
 */
@Component
class Visitors {

    static final String TOKEN_HEADER = "X-Visitor-Token";
    static final String TOKEN_QUERY = "visitor_token";

    private final VisitorStore store;
    private final IdentitySecrets secrets;
    private final IdentityVerification verification;

    Visitors(VisitorStore store, IdentitySecrets secrets, IdentityVerification verification) {
        this.store = store;
        this.secrets = secrets;
        this.verification = verification;
    }

    Mono<IssuedVisitor> create(long organizationId, NewVisitor request) {
        return verified(organizationId, request).flatMap(verified -> {
            String token = Secrets.random("vt_", 32);
            Visitor visitor = new Visitor("vis_" + IdSequences.publicId(), organizationId, request.name(), request.email(), request.customerId(),
                    null, verified, verified ? request.identity() : null, request.anonymousId(), request.sessionId(),
                    Instant.now().truncatedTo(ChronoUnit.MILLIS));
            return store.insert(visitor, Secrets.sha256(token)).map(stored -> IssuedVisitor.of(stored, token));
        });
    }

    /**
     * The WhatsApp user writing from {@code from} (their number's digits): one visitor per number
     * and organization, named as their WhatsApp profile. Never verified: a number says where to
     * answer, not which customer is writing.
     */
    Mono<Visitor> ofWhatsApp(long organizationId, String from, String profileName) {
        String number = WhatsAppNumbers.normalized(from);
        Visitor visitor = new Visitor("vis_wa" + Secrets.sha256(organizationId + ":" + number).substring(0, 24), organizationId, profileName,
                null, null, number, false, null, null, null, Instant.now().truncatedTo(ChronoUnit.MILLIS));
        return store.ofWhatsApp(visitor);
    }

    /** The visitor whose token the request carries ({@value #TOKEN_HEADER} or {@code ?visitor_token=}); else 401. */
    Mono<Visitor> of(long organizationId, ServerHttpRequest request) {
        String token = request.getHeaders().getFirst(TOKEN_HEADER);
        if (token == null || token.isBlank()) {
            token = request.getQueryParams().getFirst(TOKEN_QUERY);
        }
        return of(organizationId, token);
    }

    Mono<Visitor> of(long organizationId, String token) {
        if (token == null || token.isBlank()) {
            return Mono.error(ApiException.unauthorized("A visitor token is required"));
        }
        return store.byTokenHash(organizationId, Secrets.sha256(token.strip()))
                .switchIfEmpty(Mono.error(() -> ApiException.unauthorized("Unknown or revoked visitor token")));
    }

    Mono<Visitor> change(Visitor visitor, VisitorChange change) {
        return store.rename(visitor, change.name() != null ? change.name() : visitor.name(),
                change.email() != null ? change.email() : visitor.email());
    }

    /** Whether the request proves its claim: true with a valid hash, false with no claim to prove (or one the organization lets pass). */
    private Mono<Boolean> verified(long organizationId, NewVisitor request) {
        if (request.identityHash() != null) {
            if (!request.claimsSomeone()) {
                return Mono.error(new RequestValidationException(List.of(Violations.valueError(Loc.body().field("identity_hash"),
                        request.identityHash(), "identity_hash signs a customer_id or an email; give one of them"))));
            }
            return secrets.verifies(organizationId, request.identifier(), request.identityHash())
                    .flatMap(valid -> valid ? Mono.just(true) : Mono.error(Visitors::failed));
        }
        if (!request.claimsSomeone()) {
            return Mono.just(false);
        }
        return verification.required(organizationId).flatMap(required -> required ? Mono.error(Visitors::failed) : Mono.just(false));
    }

    private static ApiException failed() {
        return ApiException.forbidden("identity verification failed");
    }

}
