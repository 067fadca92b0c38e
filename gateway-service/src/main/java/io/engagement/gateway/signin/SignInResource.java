package io.engagement.gateway.signin;

import io.engagement.gateway.person.Availability;
import io.engagement.gateway.person.Member;
import io.engagement.gateway.person.MemberStore;
import io.engagement.gateway.person.Members;
import io.engagement.gateway.person.Mfa;
import io.engagement.gateway.person.PasswordResets;
import io.engagement.gateway.person.Passwords;
import io.engagement.gateway.person.PersonStore;
import io.engagement.platform.error.ApiException;
import io.engagement.platform.validation.JsonBodyReader;
import io.engagement.platform.validation.ObjectSchema;
import io.engagement.platform.validation.ParamReader;
import io.engagement.platform.validation.Rules;
import org.springframework.http.HttpStatus;
import org.springframework.http.server.reactive.ServerHttpRequest;
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

import java.net.InetSocketAddress;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static io.engagement.platform.validation.ObjectSchema.optional;
import static io.engagement.platform.validation.ObjectSchema.required;

/**
 * {@code /auth/v1}: signing in and out, the signed-in person's own account and sessions, password
 * resets and invitations. Spring Security has already loaded the request's session (or none) and
 * checked its CSRF token; a route that needs a session is refused before it reaches here without one.
 */
@RestController
@RequestMapping(SignInResource.BASE)
class SignInResource {

    static final String BASE = "/auth/v1";
    static final String RESET_SENT = "if this address has an account, a reset link is on its way";

    private static final ObjectSchema SIGN_IN = ObjectSchema.of(
            required("email", Rules.string().stripped().maxLength(320)),
            required("password", Rules.string().maxLength(1024)),
            optional("otp", Rules.string().maxLength(64)),
            optional("organization_id", Rules.integer()));
    private static final ObjectSchema ME = ObjectSchema.of(
            optional("name", Rules.string().stripped().minLength(1).maxLength(200)),
            optional("availability", Rules.string().oneOf("online", "busy", "offline"))).forbiddingExtra();
    private static final ObjectSchema ORGANIZATION = ObjectSchema.of(required("organization_id", Rules.integer())).forbiddingExtra();
    private static final ObjectSchema PASSWORD = ObjectSchema.of(
            required("current_password", Rules.string().maxLength(1024)),
            required("new_password", Rules.string())).forbiddingExtra();
    private static final ObjectSchema OTP = ObjectSchema.of(required("otp", Rules.string().maxLength(64))).forbiddingExtra();
    private static final ObjectSchema RESET = ObjectSchema.of(required("email", Rules.string().stripped().maxLength(320)));
    private static final ObjectSchema RESET_CONFIRM = ObjectSchema.of(
            required("token", Rules.string().maxLength(200)),
            required("password", Rules.string())).forbiddingExtra();
    private static final ObjectSchema ACCEPT = ObjectSchema.of(
            required("token", Rules.string().maxLength(200)),
            optional("name", Rules.string().stripped().minLength(1).maxLength(200)),
            optional("password", Rules.string())).forbiddingExtra();

    private final SignIns signIns;
    private final SignedInSessions sessions;
    private final SessionCookies cookies;
    private final PersonStore people;
    private final MemberStore members;
    private final Members membership;
    private final Passwords passwords;
    private final PasswordResets resets;
    private final FailedSignIns failures;
    private final Mfa mfa;
    private final SignInAudit audit;
    private final JsonBodyReader bodies;

    SignInResource(SignIns signIns, SignedInSessions sessions, SessionCookies cookies, PersonStore people, MemberStore members,
                   Members membership, Passwords passwords, PasswordResets resets, FailedSignIns failures, Mfa mfa, SignInAudit audit,
                   JsonBodyReader bodies) {
        this.mfa = mfa;
        this.audit = audit;
        this.signIns = signIns;
        this.sessions = sessions;
        this.cookies = cookies;
        this.people = people;
        this.members = members;
        this.membership = membership;
        this.passwords = passwords;
        this.resets = resets;
        this.failures = failures;
        this.bodies = bodies;
    }

    @PostMapping("/sign-in")
    Mono<SignInAnswer> signIn(ServerWebExchange exchange) {
        return bodies.read(exchange, SIGN_IN, SignInRequest.class)
                .flatMap(request -> signIns.authenticate(request.email(), request.password(), request.otp(), request.organizationId(),
                        exchange.getRequest()))
                .flatMap(member -> startSession(exchange, member)
                        .flatMap(answer -> audit.in(member.organizationId(), "person.signed_in", member.personId(), member.email(),
                                exchange.getRequest()).thenReturn(answer)));
    }

    @PostMapping("/invitations/accept")
    Mono<SignInAnswer> acceptInvitation(ServerWebExchange exchange) {
        return bodies.read(exchange, ACCEPT, AcceptRequest.class)
                .flatMap(request -> membership.accept(request.token(), request.name(), request.password(), exchange.getRequest()))
                .flatMap(member -> startSession(exchange, member));
    }

    private Mono<SignInAnswer> startSession(ServerWebExchange exchange, Member member) {
        ServerHttpRequest request = exchange.getRequest();
        return sessions.start(member, ipOf(request), request.getHeaders().getFirst("User-Agent"))
                .flatMap(started -> members.signedIn(member.organizationId(), member.personId(), started.signedIn().session().createdAt(), false)
                        .then(cookies.signedIn(exchange, started.cookie()))
                        .then(signIns.answer(started.signedIn())));
    }

    @GetMapping("/me")
    Mono<SignInAnswer> me(@AuthenticationPrincipal PersonAuthentication person) {
        return signIns.answer(signedIn(person));
    }

    @PatchMapping("/me")
    Mono<SignInAnswer> changeMe(@AuthenticationPrincipal PersonAuthentication person, ServerWebExchange exchange) {
        SignedIn signedIn = signedIn(person);
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
        SignedIn signedIn = signedIn(person);
        return bodies.read(exchange, ORGANIZATION, OrganizationRequest.class)
                .flatMap(request -> members.find(request.organizationId(), signedIn.personId())
                        .filter(Member::isActive)
                        .switchIfEmpty(Mono.error(() -> ApiException.forbidden(SignIns.NOT_A_MEMBER)))
                        .flatMap(member -> sessions.switchOrganization(signedIn, member.organizationId())))
                .then(Mono.defer(() -> sessions.find(cookieOf(exchange))))
                .flatMap(signIns::answer);
    }

    @PostMapping("/sign-out")
    @ResponseStatus(HttpStatus.NO_CONTENT)
    Mono<Void> signOut(@AuthenticationPrincipal PersonAuthentication person, ServerWebExchange exchange) {
        SignedIn signedIn = signedIn(person);
        return sessions.end(signedIn.session().hash()).then(cookies.signedOut(exchange))
                .then(audit.in(signedIn, "person.signed_out", exchange.getRequest()));
    }

    @PutMapping("/me/password")
    @ResponseStatus(HttpStatus.NO_CONTENT)
    Mono<Void> changePassword(@AuthenticationPrincipal PersonAuthentication person, ServerWebExchange exchange) {
        SignedIn signedIn = signedIn(person);
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
        return people.findById(signedIn(person).personId()).flatMap(mfa::start);
    }

    @PostMapping("/me/mfa/confirm")
    Mono<Map<String, List<String>>> confirmMfa(@AuthenticationPrincipal PersonAuthentication person, ServerWebExchange exchange) {
        SignedIn signedIn = signedIn(person);
        return bodies.read(exchange, OTP, OtpRequest.class)
                .flatMap(request -> people.findById(signedIn.personId()).flatMap(found -> mfa.confirm(found, request.otp())))
                .flatMap(codes -> sessions.reload(signedIn.personId()).then(audit.in(signedIn, "person.mfa_enabled", exchange.getRequest()))
                        .thenReturn(Map.of("recovery_codes", codes)));
    }

    @DeleteMapping("/me/mfa")
    @ResponseStatus(HttpStatus.NO_CONTENT)
    Mono<Void> disableMfa(@AuthenticationPrincipal PersonAuthentication person, ServerWebExchange exchange) {
        SignedIn signedIn = signedIn(person);
        return bodies.read(exchange, OTP, OtpRequest.class)
                .flatMap(request -> people.findById(signedIn.personId()).flatMap(found -> mfa.disable(found, request.otp())))
                .then(Mono.defer(() -> sessions.reload(signedIn.personId())))
                .then(Mono.defer(() -> audit.in(signedIn, "person.mfa_disabled", exchange.getRequest())));
    }

    @GetMapping("/sessions")
    Mono<Map<String, List<SessionView>>> listSessions(@AuthenticationPrincipal PersonAuthentication person) {
        SignedIn signedIn = signedIn(person);
        return sessions.ofPerson(signedIn.personId())
                .map(session -> SessionView.of(session, session.hash().equals(signedIn.session().hash())))
                .collectList()
                .map(views -> Map.of("data", views));
    }

    @DeleteMapping("/sessions/{session_id}")
    @ResponseStatus(HttpStatus.NO_CONTENT)
    Mono<Void> endSession(@AuthenticationPrincipal PersonAuthentication person, ServerWebExchange exchange) {
        SignedIn signedIn = signedIn(person);
        ParamReader path = ParamReader.path(exchange);
        String sessionId = path.requiredString("session_id", 100);
        path.validate();
        return sessions.ofPerson(signedIn.personId())
                .filter(session -> session.sessionId().equals(sessionId))
                .next()
                .switchIfEmpty(Mono.error(() -> ApiException.notFound("Session")))
                .flatMap(session -> sessions.end(session.hash()));
    }

    @PostMapping("/password-reset")
    @ResponseStatus(HttpStatus.ACCEPTED)
    Mono<Map<String, String>> requestReset(ServerWebExchange exchange) {
        return bodies.read(exchange, RESET, ResetRequest.class)
                .flatMap(request -> resets.send(request.email()))
                .thenReturn(Map.of("detail", RESET_SENT));
    }

    @PostMapping("/password-reset/confirm")
    @ResponseStatus(HttpStatus.NO_CONTENT)
    Mono<Void> confirmReset(ServerWebExchange exchange) {
        return bodies.read(exchange, RESET_CONFIRM, ResetConfirmRequest.class)
                .flatMap(request -> resets.confirm(request.token(), request.password()))
                .flatMap(person -> failures.succeeded(person.email())
                        .then(audit.everywhere(person.personId(), person.email(), "person.password_reset", exchange.getRequest())));
    }

    private static SignedIn signedIn(PersonAuthentication person) {
        if (person == null) {
            throw ApiException.unauthorized(SecurityConfiguration.NOT_SIGNED_IN);
        }
        return person.signedIn();
    }

    private static String cookieOf(ServerWebExchange exchange) {
        return exchange.getRequest().getCookies().getFirst(SessionContextRepository.COOKIE).getValue();
    }

    private static String ipOf(ServerHttpRequest request) {
        InetSocketAddress remote = request.getRemoteAddress();
        return remote == null || remote.getAddress() == null ? null : remote.getAddress().getHostAddress();
    }

    record SignInRequest(String email, String password, String otp, Long organizationId) {
    }

    record MeRequest(String name, String availability) {
    }

    record OrganizationRequest(long organizationId) {
    }

    record PasswordRequest(String currentPassword, String newPassword) {
    }

    record OtpRequest(String otp) {
    }

    record ResetRequest(String email) {
    }

    record ResetConfirmRequest(String token, String password) {
    }

    record AcceptRequest(String token, String name, String password) {
    }
}
