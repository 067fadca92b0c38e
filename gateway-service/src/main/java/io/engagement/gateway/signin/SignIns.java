package io.engagement.gateway.signin;

import io.engagement.gateway.person.Member;
import io.engagement.gateway.person.MemberStore;
import io.engagement.gateway.person.MemberView;
import io.engagement.gateway.person.Mfa;
import io.engagement.gateway.person.OrganizationNames;
import io.engagement.gateway.person.Passwords;
import io.engagement.gateway.person.Person;
import io.engagement.gateway.person.PersonStore;
import io.engagement.platform.error.ApiException;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * Sign-in by e-mail and password: the lockout first, then the password (matched against a decoy
 * for an unknown address, so both cost the same and answer the same), then the organization.
 */
@Component
class SignIns {

    static final String INVALID = "invalid email or password";
    static final String NOT_A_MEMBER = "not a member of this organization";
    static final String OTP_REQUIRED = "one-time code required";
    static final String FAILED = "person.sign_in_failed";

    private final PersonStore people;
    private final MemberStore members;
    private final Passwords passwords;
    private final FailedSignIns failures;
    private final OrganizationNames organizations;
    private final SessionProperties properties;
    private final Mfa mfa;
    private final SignInAudit audit;

    SignIns(PersonStore people, MemberStore members, Passwords passwords, FailedSignIns failures, OrganizationNames organizations,
            SessionProperties properties, Mfa mfa, SignInAudit audit) {
        this.mfa = mfa;
        this.audit = audit;
        this.people = people;
        this.members = members;
        this.passwords = passwords;
        this.failures = failures;
        this.organizations = organizations;
        this.properties = properties;
    }

    /**
     * The member to sign in as: 429 while locked, 401 for a wrong address or password, or a missing or
     * wrong one-time code where MFA is on, 403 for an organization not theirs. A wrong password or
     * code counts towards the lockout.
     */
    Mono<Member> authenticate(String email, String password, String otp, Long organizationId, ServerHttpRequest request) {
        return failures.of(email).flatMap(failed -> failed.lockedFor().isPresent() ? Mono.error(lockedOut(failed.lockedFor().get()))
                : people.findByEmail(email).map(Optional::of).defaultIfEmpty(Optional.empty())
                        .flatMap(person -> passwords.matches(password, person.map(Person::passwordHash).orElse(null))
                                .flatMap(matched -> matched ? activeMemberships(person.get().personId()) : Mono.just(List.<Member>of()))
                                .flatMap(memberships -> memberships.isEmpty()
                                        ? failed(email, person, request).then(Mono.error(ApiException.unauthorized(INVALID)))
                                        : secondFactor(person.get(), otp, request).then(failed.stored() ? failures.succeeded(email) : Mono.empty())
                                        .then(choose(memberships, organizationId)))));
    }

    /** Counted towards the lockout, and in the audit log of a known person's organizations. */
    private Mono<Void> failed(String email, Optional<Person> person, ServerHttpRequest request) {
        return failures.failed(email).then(person.map(known -> audit.everywhere(known.personId(), known.email(), FAILED, request))
                .orElse(Mono.empty()));
    }

    private Mono<Void> secondFactor(Person person, String otp, ServerHttpRequest request) {
        if (!person.mfaEnabled()) {
            return Mono.empty();
        }
        if (otp == null || otp.isBlank()) {
            return Mono.error(ApiException.unauthorized(OTP_REQUIRED));
        }
        return mfa.verify(person, otp).flatMap(valid -> valid ? Mono.<Void>empty()
                : failed(person.email(), Optional.of(person), request).then(Mono.error(Mfa.invalidCode())));
    }

    /** The person's active memberships, lowest organization first. */
    Mono<List<Member>> activeMemberships(String personId) {
        return members.ofPerson(personId).filter(Member::isActive).sort(Comparator.comparingLong(Member::organizationId)).collectList();
    }

    private static Mono<Member> choose(List<Member> memberships, Long organizationId) {
        if (organizationId == null) {
            return Mono.just(memberships.get(0));
        }
        return Mono.justOrEmpty(memberships.stream().filter(member -> member.organizationId() == organizationId).findFirst())
                .switchIfEmpty(Mono.error(() -> ApiException.forbidden(NOT_A_MEMBER)));
    }

    /** The signed-in answer for a live session. */
    Mono<SignInAnswer> answer(SignedIn signedIn) {
        return activeMemberships(signedIn.personId())
                .flatMap(memberships -> Flux.fromIterable(memberships)
                        .concatMap(member -> organizations.nameOf(member.organizationId())
                                .map(name -> new SignInAnswer.Membership(member.organizationId(), name, member.role().wireName())))
                        .collectList())
                .map(memberships -> new SignInAnswer(MemberView.of(signedIn.member()),
                        new SignInAnswer.OrganizationRef(signedIn.organizationId(), memberships.stream()
                                .filter(membership -> membership.organizationId() == signedIn.organizationId())
                                .map(SignInAnswer.Membership::name).findFirst().orElse(null)),
                        memberships, signedIn.session().expiresAt(properties)));
    }

    private static ApiException lockedOut(Duration remaining) {
        HttpHeaders headers = new HttpHeaders();
        headers.set(HttpHeaders.RETRY_AFTER, Long.toString(Math.max(1, (remaining.toMillis() + 999) / 1000)));
        return new ApiException(HttpStatus.TOO_MANY_REQUESTS, "too many failed sign-ins", headers);
    }
}
