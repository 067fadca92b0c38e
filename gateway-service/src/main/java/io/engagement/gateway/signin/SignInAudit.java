package io.engagement.gateway.signin;

import io.engagement.gateway.person.MemberStore;
import io.engagement.platform.audit.AuditTrail;
import io.engagement.platform.event.AuditRecorded;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

import java.util.Map;

/**
 * What a person does to their own account, for the audit log: an act in the organization they are
 * signed in to, or, with no session (a failed sign-in, a password reset), in each organization they
 * are a member of.
 */
@Component
class SignInAudit {

    private final AuditTrail audit;
    private final MemberStore members;

    SignInAudit(AuditTrail audit, MemberStore members) {
        this.audit = audit;
        this.members = members;
    }

    Mono<Void> in(long organizationId, String action, String personId, String email, ServerHttpRequest request) {
        return audit.record(organizationId, action, new AuditRecorded.Actor("person", personId, email, null),
                new AuditRecorded.Target("person", personId), request, Map.of());
    }

    Mono<Void> in(SignedIn signedIn, String action, ServerHttpRequest request) {
        return in(signedIn.organizationId(), action, signedIn.personId(), signedIn.member().email(), request);
    }

    Mono<Void> everywhere(String personId, String email, String action, ServerHttpRequest request) {
        return members.ofPerson(personId).concatMap(member -> in(member.organizationId(), action, personId, email, request)).then();
    }
}
