package io.engagement.gateway.signin;

import io.engagement.gateway.person.Member;
import io.engagement.gateway.person.MemberStore;
import io.engagement.gateway.person.Members;
import io.engagement.gateway.person.PasswordResets;
import io.engagement.platform.validation.JsonBodyReader;
import io.engagement.platform.validation.ObjectSchema;
import io.engagement.platform.validation.Rules;
import org.springframework.http.HttpStatus;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

import java.net.InetSocketAddress;
import java.util.Map;

import static io.engagement.platform.validation.ObjectSchema.optional;
import static io.engagement.platform.validation.ObjectSchema.required;

/**
 * {@code /auth/v1}: signing in and out, accepting an invitation, password resets. Spring Security
 * has already loaded the request's session (or none) and checked its CSRF token; the person's own
 * account is {@link AccountResource}'s.
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
    private final MemberStore members;
    private final Members membership;
    private final PasswordResets resets;
    private final FailedSignIns failures;
    private final SignInAudit audit;
    private final JsonBodyReader bodies;

    SignInResource(SignIns signIns, SignedInSessions sessions, SessionCookies cookies, MemberStore members, Members membership,
                   PasswordResets resets, FailedSignIns failures, SignInAudit audit, JsonBodyReader bodies) {
        this.signIns = signIns;
        this.sessions = sessions;
        this.cookies = cookies;
        this.members = members;
        this.membership = membership;
        this.resets = resets;
        this.failures = failures;
        this.audit = audit;
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

    @PostMapping("/sign-out")
    @ResponseStatus(HttpStatus.NO_CONTENT)
    Mono<Void> signOut(@AuthenticationPrincipal PersonAuthentication person, ServerWebExchange exchange) {
        SignedIn signedIn = PersonAuthentication.required(person);
        return sessions.end(signedIn.session().hash()).then(cookies.signedOut(exchange))
                .then(audit.in(signedIn, "person.signed_out", exchange.getRequest()));
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

    private static String ipOf(ServerHttpRequest request) {
        InetSocketAddress remote = request.getRemoteAddress();
        return remote == null || remote.getAddress() == null ? null : remote.getAddress().getHostAddress();
    }

    record SignInRequest(String email, String password, String otp, Long organizationId) {
    }

    record ResetRequest(String email) {
    }

    record ResetConfirmRequest(String token, String password) {
    }

    record AcceptRequest(String token, String name, String password) {
    }
}
