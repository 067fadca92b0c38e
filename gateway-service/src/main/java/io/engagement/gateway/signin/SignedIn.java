package io.engagement.gateway.signin;

import io.engagement.gateway.person.Member;
import io.engagement.platform.auth.Actor;

/** A live session and the member it signs in, as a request finds them. */
public record SignedIn(SignInSession session, Member member) {

    public long organizationId() {
        return session.organizationId();
    }

    public String personId() {
        return member.personId();
    }

    /** The person as the internal token carries them to the services. */
    public Actor actor() {
        return new Actor(member.personId(), member.email(), member.name(), member.role());
    }
}
