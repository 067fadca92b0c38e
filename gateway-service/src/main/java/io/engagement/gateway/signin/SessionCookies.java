package io.engagement.gateway.signin;

import org.springframework.http.ResponseCookie;
import org.springframework.security.web.server.csrf.CookieServerCsrfTokenRepository;
import org.springframework.security.web.server.csrf.ServerCsrfTokenRepository;
import org.springframework.stereotype.Component;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

/**
 * The two cookies of a signed-in browser: {@code engagement_session} ({@code HttpOnly}, the session)
 * and {@code XSRF-TOKEN} (readable by the page, which echoes it in {@code X-XSRF-TOKEN}). Both are
 * new at every sign-in and gone at sign-out.
 */
@Component
class SessionCookies {

    private final CookieProperties cookies;
    private final SessionProperties sessions;
    private final CookieServerCsrfTokenRepository csrfTokens;

    SessionCookies(CookieProperties cookies, SessionProperties sessions) {
        this.cookies = cookies;
        this.sessions = sessions;
        this.csrfTokens = CookieServerCsrfTokenRepository.withHttpOnlyFalse();
        this.csrfTokens.setCookieCustomizer(cookie -> {
            cookie.sameSite("Lax").path("/");
            if (cookies.secure()) {
                cookie.secure(true);
            }
        });
    }

    ServerCsrfTokenRepository csrfTokens() {
        return csrfTokens;
    }

    /** Sets both cookies for a session that just started. */
    Mono<Void> signedIn(ServerWebExchange exchange, String sessionCookie) {
        exchange.getResponse().addCookie(session(exchange, sessionCookie).maxAge(sessions.max()).build());
        return csrfTokens.generateToken(exchange).flatMap(token -> csrfTokens.saveToken(exchange, token));
    }

    /** Clears both. */
    Mono<Void> signedOut(ServerWebExchange exchange) {
        exchange.getResponse().addCookie(session(exchange, "").maxAge(0).build());
        return csrfTokens.saveToken(exchange, null);
    }

    private ResponseCookie.ResponseCookieBuilder session(ServerWebExchange exchange, String value) {
        return ResponseCookie.from(SessionContextRepository.COOKIE, value)
                .httpOnly(true)
                .sameSite("Lax")
                .path("/")
                .secure(secure(exchange));
    }

    boolean secure(ServerWebExchange exchange) {
        return cookies.secure() || exchange.getRequest().getSslInfo() != null;
    }
}
