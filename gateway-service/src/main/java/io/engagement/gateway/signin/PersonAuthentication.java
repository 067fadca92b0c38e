package io.engagement.gateway.signin;

import io.engagement.platform.error.ApiException;
import org.springframework.security.authentication.AbstractAuthenticationToken;
import org.springframework.security.core.authority.SimpleGrantedAuthority;

import java.util.List;

/** A request's signed-in person, as Spring Security holds it; the authority is the member's role ({@code ROLE_ADMIN}, ...). */
public final class PersonAuthentication extends AbstractAuthenticationToken {

    private final transient SignedIn signedIn;

    PersonAuthentication(SignedIn signedIn) {
        super(List.of(new SimpleGrantedAuthority("ROLE_" + signedIn.member().role().name())));
        this.signedIn = signedIn;
        setAuthenticated(true);
    }

    public SignedIn signedIn() {
        return signedIn;
    }

    /** The request's signed-in person; 401 where the route let a request without one through. */
    static SignedIn required(PersonAuthentication person) {
        if (person == null) {
            throw ApiException.unauthorized(SecurityConfiguration.NOT_SIGNED_IN);
        }
        return person.signedIn();
    }

    @Override
    public Object getCredentials() {
        return "";
    }

    @Override
    public Object getPrincipal() {
        return signedIn.personId();
    }
}
