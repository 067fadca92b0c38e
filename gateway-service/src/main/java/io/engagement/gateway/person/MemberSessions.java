package io.engagement.gateway.person;

import reactor.core.publisher.Mono;

/** Ends a person's signed-in sessions, as deactivation and a new password require. */
public interface MemberSessions {

    /** Every session of the person signed in to the organization. */
    Mono<Void> endIn(long organizationId, String personId);

    /** Every session of the person, in every organization. */
    Mono<Void> endAll(String personId);

    /** The person's sessions read again on every replica, as after a change of role. */
    Mono<Void> reload(String personId);
}
