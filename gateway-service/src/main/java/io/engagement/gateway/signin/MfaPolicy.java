package io.engagement.gateway.signin;

import reactor.core.publisher.Mono;

/** Whether an organization requires its members to sign in with MFA (its security settings). */
public interface MfaPolicy {

    Mono<Boolean> requiresMfa(long organizationId);
}
