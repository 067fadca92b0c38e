package io.engagement.gateway.signin;

import io.engagement.platform.auth.KeyHeaders;
import io.engagement.platform.error.ApiException;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpMethod;
import org.springframework.http.HttpStatus;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.security.config.annotation.web.reactive.EnableWebFluxSecurity;
import org.springframework.security.config.web.server.SecurityWebFiltersOrder;
import org.springframework.security.config.web.server.ServerHttpSecurity;
import org.springframework.security.web.server.SecurityWebFilterChain;
import org.springframework.security.web.server.context.NoOpServerSecurityContextRepository;
import org.springframework.security.web.server.csrf.ServerCsrfTokenRequestAttributeHandler;
import org.springframework.security.web.server.firewall.ServerExchangeRejectedHandler;
import org.springframework.security.web.server.firewall.ServerWebExchangeFirewall;
import org.springframework.security.web.server.firewall.StrictServerWebExchangeFirewall;
import org.springframework.security.web.server.savedrequest.NoOpServerRequestCache;
import org.springframework.security.web.server.util.matcher.AndServerWebExchangeMatcher;
import org.springframework.security.web.server.util.matcher.NegatedServerWebExchangeMatcher;
import org.springframework.security.web.server.util.matcher.OrServerWebExchangeMatcher;
import org.springframework.security.web.server.util.matcher.PathPatternParserServerWebExchangeMatcher;
import org.springframework.security.web.server.util.matcher.ServerWebExchangeMatcher;
import org.springframework.security.web.server.util.matcher.ServerWebExchangeMatchers;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

import java.util.List;

/**
 * Spring Security in front of everything a person does: {@code /auth/v1/**}, and the data API when
 * a request carries a session cookie and no key (a key is judged alone, by the key filter, exactly
 * as before people existed). There the session is loaded ({@link SessionContextRepository}), a
 * write needs the CSRF token the page read from {@code XSRF-TOKEN}, and the answers carry Spring
 * Security's headers. Every other request passes a chain that does nothing, so keys, the widget,
 * the SDK and the admin API see no change.
 */
@Configuration(proxyBeanMethods = false)
@EnableWebFluxSecurity
class SecurityConfiguration {

    static final String NOT_SIGNED_IN = "not signed in";
    static final String CSRF_REFUSED = "CSRF token missing or invalid";

    /** What anyone may call without a session, each a write that only starts one or mails a link. */
    private static final String[] OPEN = {"/auth/v1/sign-in", "/auth/v1/password-reset", "/auth/v1/password-reset/confirm",
            "/auth/v1/invitations/accept"};
    private static final String[] OWN_ACCOUNT = {"/auth/v1/me", "/auth/v1/me/**", "/auth/v1/sign-out", "/auth/v1/sessions",
            "/auth/v1/sessions/**"};

    @Bean
    @Order(1)
    SecurityWebFilterChain people(ServerHttpSecurity http, SessionContextRepository contexts, SessionCookies cookies, MfaPolicy mfa) {
        ServerWebExchangeMatcher open = ServerWebExchangeMatchers.pathMatchers(HttpMethod.POST, OPEN);
        return http
                .securityMatcher(peopleRequests())
                .securityContextRepository(contexts)
                .requestCache(cache -> cache.requestCache(NoOpServerRequestCache.getInstance()))
                .csrf(csrf -> csrf
                        .csrfTokenRepository(cookies.csrfTokens())
                        // the page echoes the cookie as it is; the masked (BREACH) form protects tokens in bodies, which ours never are
                        .csrfTokenRequestHandler(new ServerCsrfTokenRequestAttributeHandler())
                        .requireCsrfProtectionMatcher(new AndServerWebExchangeMatcher(SecurityConfiguration::isWrite,
                                new NegatedServerWebExchangeMatcher(open)))
                        .accessDeniedHandler((exchange, denied) -> Mono.error(ApiException.forbidden(CSRF_REFUSED))))
                .authorizeExchange(exchanges -> exchanges
                        .pathMatchers(OWN_ACCOUNT).authenticated()
                        .pathMatchers("/auth/v1/**").permitAll()
                        .anyExchange().authenticated())
                .exceptionHandling(handling -> handling
                        .authenticationEntryPoint((exchange, failure) -> Mono.error(ApiException.unauthorized(NOT_SIGNED_IN)))
                        .accessDeniedHandler((exchange, denied) -> Mono.error(ApiException.forbidden(denied.getMessage()))))
                .addFilterAfter(new MfaRequirement(mfa), SecurityWebFiltersOrder.AUTHORIZATION)
                .httpBasic(ServerHttpSecurity.HttpBasicSpec::disable)
                .formLogin(ServerHttpSecurity.FormLoginSpec::disable)
                .logout(ServerHttpSecurity.LogoutSpec::disable)
                .anonymous(ServerHttpSecurity.AnonymousSpec::disable)
                .build();
    }

    /** Everything else: no session, no CSRF, no headers of Spring Security's; the key filter and the routes decide. */
    @Bean
    @Order(2)
    SecurityWebFilterChain everythingElse(ServerHttpSecurity http) {
        return http
                .securityMatcher(ServerWebExchangeMatchers.anyExchange())
                .securityContextRepository(NoOpServerSecurityContextRepository.getInstance())
                .requestCache(cache -> cache.requestCache(NoOpServerRequestCache.getInstance()))
                .authorizeExchange(exchanges -> exchanges.anyExchange().permitAll())
                .csrf(ServerHttpSecurity.CsrfSpec::disable)
                .headers(ServerHttpSecurity.HeaderSpec::disable)
                .httpBasic(ServerHttpSecurity.HttpBasicSpec::disable)
                .formLogin(ServerHttpSecurity.FormLoginSpec::disable)
                .logout(ServerHttpSecurity.LogoutSpec::disable)
                .anonymous(ServerHttpSecurity.AnonymousSpec::disable)
                .build();
    }

    /**
     * Spring Security's strict firewall (a path that could be read two ways: a backslash, a NUL,
     * {@code ..}, a non-printable character) for what a person does; an encoded slash is allowed,
     * since a page collection's pattern is addressed by one. Requests with a key are let through as
     * they always were: the routes and services answer them in the contract's shape.
     */
    @Bean
    ServerWebExchangeFirewall peopleFirewall() {
        StrictServerWebExchangeFirewall strict = new StrictServerWebExchangeFirewall();
        strict.setAllowUrlEncodedSlash(true);
        ServerWebExchangeMatcher people = peopleRequests();
        return exchange -> people.matches(exchange).flatMap(match -> match.isMatch() ? strict.getFirewalledExchange(exchange)
                : Mono.just(exchange));
    }

    /** A refusal of the firewall, answered in the contract's shape as every other 400 is. */
    @Bean
    ServerExchangeRejectedHandler contractRejections() {
        return (exchange, rejected) -> Mono.error(new ApiException(HttpStatus.BAD_REQUEST, rejected.getMessage()));
    }

    /** {@code /auth/v1/**}, and the data API with a session cookie and no key. */
    private static ServerWebExchangeMatcher peopleRequests() {
        return new OrServerWebExchangeMatcher(ServerWebExchangeMatchers.pathMatchers("/auth/v1/**"),
                new AndServerWebExchangeMatcher(ServerWebExchangeMatchers.pathMatchers("/external/v1/**"),
                        SecurityConfiguration::hasSessionCookieAndNoKey));
    }

    private static Mono<ServerWebExchangeMatcher.MatchResult> hasSessionCookieAndNoKey(ServerWebExchange exchange) {
        ServerHttpRequest request = exchange.getRequest();
        boolean cookie = request.getCookies().containsKey(SessionContextRepository.COOKIE);
        return cookie && !carriesKey(request) ? ServerWebExchangeMatcher.MatchResult.match() : ServerWebExchangeMatcher.MatchResult.notMatch();
    }

    static boolean carriesKey(ServerHttpRequest request) {
        return KeyHeaders.ALL.stream().anyMatch(header -> request.getHeaders().containsHeader(header))
                || request.getQueryParams().containsKey(KeyHeaders.PUBLIC_QUERY);
    }

    private static Mono<ServerWebExchangeMatcher.MatchResult> isWrite(ServerWebExchange exchange) {
        HttpMethod method = exchange.getRequest().getMethod();
        return List.of(HttpMethod.POST, HttpMethod.PUT, HttpMethod.PATCH, HttpMethod.DELETE).contains(method)
                ? ServerWebExchangeMatcher.MatchResult.match() : ServerWebExchangeMatcher.MatchResult.notMatch();
    }
}
