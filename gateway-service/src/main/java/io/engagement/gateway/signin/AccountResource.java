package io.engagement.gateway.signin;

import io.engagement.gateway.person.Availability;
import io.engagement.gateway.person.Member;
import io.engagement.gateway.person.MemberStore;
import io.engagement.gateway.person.Members;
import io.engagement.gateway.person.Mfa;
import io.engagement.gateway.person.Passwords;
import io.engagement.gateway.person.PersonStore;
import io.engagement.platform.error.ApiException;
import io.engagement.platform.validation.JsonBodyReader;
import io.engagement.platform.validation.ObjectSchema;
import io.engagement.platform.validation.ParamReader;
import io.engagement.platform.validation.Rules;
import org.springframework.http.HttpStatus;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PatchMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import static io.engagement.platform.validation.ObjectSchema.optional;
import static io.engagement.platform.validation.ObjectSchema.required;

/**
 * {@code /auth/v1/me...} and {@code /auth/v1/sessions}: the signed-in person's own account (name,
 * availability, organization, password, MFA) and sessions. Spring Security refuses these routes
 * without a live session before they reach here.
 */
@RestController
@RequestMapping(SignInResource.BASE)
class AccountResource {

    private static final ObjectSchema ME = ObjectSchema.of(
            optional("name", Rules.string().stripped().minLength(1).maxLength(200)),
            optional("availability", Rules.string().oneOf("online", "busy", "offline"))).forbiddingExtra();
    private static final ObjectSchema ORGANIZATION = ObjectSchema.of(required("organization_id", Rules.integer())).forbiddingExtra();
    private static final ObjectSchema PASSWORD = ObjectSchema.of(
            required("current_password", Rules.string().maxLength(1024)),
            required("new_password", Rules.string())).forbiddingExtra();
    private static final ObjectSchema OTP = ObjectSchema.of(required("otp", Rules.string().maxLength(64))).forbiddingExtra();

    private final SignIns signIns;
    private final SignedInSessions sessions;
    private final PersonStore people;
    private final MemberStore members;
    private final Members membership;
    private final Passwords passwords;
    private final Mfa mfa;
    private final SignInAudit audit;
    private final JsonBodyReader bodies;

    AccountResource(SignIns signIns, SignedInSessions sessions, PersonStore people, MemberStore members, Members membership,
                    Passwords passwords, Mfa mfa, SignInAudit audit, JsonBodyReader bodies) {
        this.signIns = signIns;
        this.sessions = sessions;
        this.people = people;
        this.members = members;
        this.membership = membership;
        this.passwords = passwords;
        this.mfa = mfa;
        this.audit = audit;
        this.bodies = bodies;
    }

    @GetMapping("/me")
    Mono<SignInAnswer> me(@AuthenticationPrincipal PersonAuthentication person) {
        return signIns.answer(PersonAuthentication.required(person));
    }

    @PatchMapping("/me")
    Mono<SignInAnswer> changeMe(@AuthenticationPrincipal PersonAuthentication person, ServerWebExchange exchange) {
        SignedIn signedIn = PersonAuthentication.required(person);
        return bodies.read(exchange, ME, MeRequest.class).flatMap(request -> {
            Mono<Void> name = request.name() == null ? Mono.empty() : membership.rename(signedIn.personId(), request.name());
            Mono<Void> availability = Optional.ofNullable(request.availability()).flatMap(Availability::fromWireName)
                    .map(chosen -> membership.setAvailability(signedIn.organizationId(), signedIn.personId(), chosen).then())
                    .orElse(Mono.empty());
            return name.then(availability).then(sessions.reload(signedIn.personId()))
                    .then(sessions.find(cookieOf(exchange)))
                    .flatMap(signIns::answer);
        });
    }

    @PutMapping("/me/organization")
    Mono<SignInAnswer> switchOrganization(@AuthenticationPrincipal PersonAuthentication person, ServerWebExchange exchange) {
        SignedIn signedIn = PersonAuthentication.required(person);
        return bodies.read(exchange, ORGANIZATION, OrganizationRequest.class)
                .flatMap(request -> members.find(request.organizationId(), signedIn.personId())
                        .filter(Member::isActive)
                        .switchIfEmpty(Mono.error(() -> ApiException.forbidden(SignIns.NOT_A_MEMBER)))
                        .flatMap(member -> sessions.switchOrganization(signedIn, member.organizationId())))
                .then(Mono.defer(() -> sessions.find(cookieOf(exchange))))
                .flatMap(signIns::answer);
    }

    @PutMapping("/me/password")
    @ResponseStatus(HttpStatus.NO_CONTENT)
    Mono<Void> changePassword(@AuthenticationPrincipal PersonAuthentication person, ServerWebExchange exchange) {
        SignedIn signedIn = PersonAuthentication.required(person);
        return bodies.read(exchange, PASSWORD, PasswordRequest.class)
                .flatMap(request -> people.findById(signedIn.personId())
                        .flatMap(found -> passwords.matches(request.currentPassword(), found.passwordHash()))
                        .flatMap(matched -> {
                            if (!matched) {
                                return Mono.error(ApiException.forbidden("current password is wrong"));
                            }
                            Passwords.check(request.newPassword(), signedIn.member().email(), "new_password");
                            return passwords.hash(request.newPassword()).flatMap(hash -> people.setPassword(signedIn.personId(), hash));
                        }))
                .then(Mono.defer(() -> sessions.endOthers(signedIn.personId(), signedIn.session().hash())))
                .then(Mono.defer(() -> audit.in(signedIn, "person.password_changed", exchange.getRequest())));
    }

    @PostMapping("/me/mfa")
    @ResponseStatus(HttpStatus.CREATED)
    Mono<Mfa.Setup> startMfa(@AuthenticationPrincipal PersonAuthentication person) {
        return people.findById(PersonAuthentication.required(person).personId()).flatMap(mfa::start);
    }

    @PostMapping("/me/mfa/confirm")
    Mono<Map<String, List<String>>> confirmMfa(@AuthenticationPrincipal PersonAuthentication person, ServerWebExchange exchange) {
        SignedIn signedIn = PersonAuthentication.required(person);
        return bodies.read(exchange, OTP, OtpRequest.class)
                .flatMap(request -> people.findById(signedIn.personId()).flatMap(found -> mfa.confirm(found, request.otp())))
                .flatMap(codes -> sessions.reload(signedIn.personId()).then(audit.in(signedIn, "person.mfa_enabled", exchange.getRequest()))
                        .thenReturn(Map.of("recovery_codes", codes)));
    }

    @DeleteMapping("/me/mfa")
    @ResponseStatus(HttpStatus.NO_CONTENT)
    Mono<Void> disableMfa(@AuthenticationPrincipal PersonAuthentication person, ServerWebExchange exchange) {
        SignedIn signedIn = PersonAuthentication.required(person);
        return bodies.read(exchange, OTP, OtpRequest.class)
                .flatMap(request -> people.findById(signedIn.personId()).flatMap(found -> mfa.disable(found, request.otp())))
                .then(Mono.defer(() -> sessions.reload(signedIn.personId())))
                .then(Mono.defer(() -> audit.in(signedIn, "person.mfa_disabled", exchange.getRequest())));
    }

    @GetMapping("/sessions")
    Mono<Map<String, List<SessionView>>> listSessions(@AuthenticationPrincipal PersonAuthentication person) {
        SignedIn signedIn = PersonAuthentication.required(person);
        return sessions.ofPerson(signedIn.personId())
                .map(session -> SessionView.of(session, session.hash().equals(signedIn.session().hash())))
                .collectList()
                .map(views -> Map.of("data", views));
    }

    @DeleteMapping("/sessions/{session_id}")
    @ResponseStatus(HttpStatus.NO_CONTENT)
    Mono<Void> endSession(@AuthenticationPrincipal PersonAuthentication person, ServerWebExchange exchange) {
        SignedIn signedIn = PersonAuthentication.required(person);
        ParamReader path = ParamReader.path(exchange);
        String sessionId = path.requiredString("session_id", 100);
        path.validate();
        return sessions.ofPerson(signedIn.personId())
                .filter(session -> session.sessionId().equals(sessionId))
                .next()
                .switchIfEmpty(Mono.error(() -> ApiException.notFound("Session")))
                .flatMap(session -> sessions.end(session.hash()));
    }

    private static String cookieOf(ServerWebExchange exchange) {
        return exchange.getRequest().getCookies().getFirst(SessionContextRepository.COOKIE).getValue();
    }

    record MeRequest(String name, String availability) {
    }

    record OrganizationRequest(long organizationId) {
    }

    record PasswordRequest(String currentPassword, String newPassword) {
    }

    record OtpRequest(String otp) {
    }
}
