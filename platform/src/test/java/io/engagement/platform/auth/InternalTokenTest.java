package io.engagement.platform.auth;

import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.MACSigner;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.PlainJWT;
import com.nimbusds.jwt.SignedJWT;
import io.engagement.platform.error.ApiException;
import io.engagement.platform.event.OrganizationPolicy;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpStatus;
import org.springframework.mock.http.server.reactive.MockServerHttpRequest;
import org.springframework.mock.web.server.MockServerWebExchange;
import org.springframework.web.server.WebFilterChain;
import reactor.core.publisher.Mono;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Base64;
import java.util.Date;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class InternalTokenTest {

    private static final String SECRET = "0123456789abcdef0123456789abcdef";
    private static final String OTHER_SECRET = "fedcba9876543210fedcba9876543210";
    private static final Instant NOW = Instant.parse("2025-01-01T12:00:00Z");
    private static final Duration LIFETIME = Duration.ofSeconds(60);
    private static final OrgContext ORG = new OrgContext(42L, KeyKind.DATA);

    private static InternalToken tokens(String secret, Instant now) {
        return new InternalToken(secret, LIFETIME, Clock.fixed(now, ZoneOffset.UTC));
    }

    @Test
    void verifiesATokenItMinted() {
        InternalToken tokens = tokens(SECRET, NOW);
        assertThat(tokens.verify(tokens.mint(ORG))).contains(ORG);
    }

    @Test
    void roundTripsEveryKeyKind() {
        InternalToken tokens = tokens(SECRET, NOW);
        for (KeyKind kind : KeyKind.values()) {
            OrgContext context = new OrgContext(7L, kind);
            assertThat(tokens.verify(tokens.mint(context))).contains(context);
        }
    }

    @Test
    void carriesTheOrganizationsPolicyWithItsVersion() {
        InternalToken tokens = tokens(SECRET, NOW);
        OrganizationPolicy policy = new OrganizationPolicy(new OrganizationPolicy.Retention(2, 1, 400), List.of("password", "cookie"),
                OrganizationPolicy.PREMIUM, 12);
        OrgContext context = ORG.withPolicy(policy);

        assertThat(tokens.verify(tokens.mint(context))).contains(context);
        assertThat(tokens.verify(tokens.mint(ORG)).orElseThrow().policy()).isNull();
    }

    @Test
    void mintsAnHs256JwtWithIssuerOrgKindAndExpiry() throws Exception {
        SignedJWT jwt = SignedJWT.parse(tokens(SECRET, NOW).mint(new OrgContext(9L, KeyKind.TRANSACTIONAL)));
        assertThat(jwt.getHeader().getAlgorithm()).isEqualTo(JWSAlgorithm.HS256);
        JWTClaimsSet claims = jwt.getJWTClaimsSet();
        assertThat(claims.getIssuer()).isEqualTo("engagement-gateway");
        assertThat(claims.getLongClaim("org")).isEqualTo(9L);
        assertThat(claims.getStringClaim("kind")).isEqualTo("transactional");
        assertThat(claims.getIssueTime().toInstant()).isEqualTo(NOW);
        assertThat(claims.getExpirationTime().toInstant()).isEqualTo(NOW.plus(LIFETIME));
    }

    @Test
    void refusesATokenWhosePayloadWasTamperedWith() {
        InternalToken tokens = tokens(SECRET, NOW);
        String[] genuine = tokens.mint(ORG).split("\\.");
        String otherPayload = tokens.mint(new OrgContext(43L, KeyKind.DATA)).split("\\.")[1];
        assertThat(tokens.verify(genuine[0] + "." + otherPayload + "." + genuine[2])).isEmpty();
    }

    @Test
    void refusesATokenWithAForgedPayload() {
        InternalToken tokens = tokens(SECRET, NOW);
        String[] genuine = tokens.mint(ORG).split("\\.");
        String payload = new String(Base64.getUrlDecoder().decode(genuine[1]), StandardCharsets.UTF_8)
                .replace("\"org\":42", "\"org\":1");
        String forged = Base64.getUrlEncoder().withoutPadding().encodeToString(payload.getBytes(StandardCharsets.UTF_8));
        assertThat(payload).contains("\"org\":1");
        assertThat(tokens.verify(genuine[0] + "." + forged + "." + genuine[2])).isEmpty();
    }

    @Test
    void refusesATokenWithAStrippedSignature() {
        InternalToken tokens = tokens(SECRET, NOW);
        String token = tokens.mint(ORG);
        assertThat(tokens.verify(token.substring(0, token.lastIndexOf('.') + 1))).isEmpty();
    }

    @Test
    void refusesATokenSignedWithAnotherSecret() {
        String foreign = tokens(OTHER_SECRET, NOW).mint(ORG);
        assertThat(tokens(SECRET, NOW).verify(foreign)).isEmpty();
    }

    @Test
    void refusesAnExpiredToken() {
        String token = tokens(SECRET, NOW).mint(ORG);
        assertThat(tokens(SECRET, NOW.plus(LIFETIME)).verify(token)).isEmpty();
        assertThat(tokens(SECRET, NOW.plus(Duration.ofHours(1))).verify(token)).isEmpty();
    }

    @Test
    void acceptsATokenJustBeforeItExpires() {
        String token = tokens(SECRET, NOW).mint(ORG);
        assertThat(tokens(SECRET, NOW.plus(LIFETIME).minusSeconds(1)).verify(token)).contains(ORG);
    }

    @Test
    void refusesATokenFromAnotherIssuer() throws Exception {
        JWTClaimsSet claims = new JWTClaimsSet.Builder().issuer("someone-else")
                .expirationTime(Date.from(NOW.plusSeconds(60))).claim("org", 42L).claim("kind", "data").build();
        SignedJWT jwt = new SignedJWT(new JWSHeader(JWSAlgorithm.HS256), claims);
        jwt.sign(new MACSigner(SECRET.getBytes(StandardCharsets.UTF_8)));
        assertThat(tokens(SECRET, NOW).verify(jwt.serialize())).isEmpty();
    }

    @Test
    void refusesATokenWithoutExpiry() throws Exception {
        JWTClaimsSet claims = new JWTClaimsSet.Builder().issuer("engagement-gateway")
                .claim("org", 42L).claim("kind", "data").build();
        SignedJWT jwt = new SignedJWT(new JWSHeader(JWSAlgorithm.HS256), claims);
        jwt.sign(new MACSigner(SECRET.getBytes(StandardCharsets.UTF_8)));
        assertThat(tokens(SECRET, NOW).verify(jwt.serialize())).isEmpty();
    }

    @Test
    void refusesATokenSignedWithAnotherAlgorithm() throws Exception {
        String longSecret = SECRET + SECRET;
        JWTClaimsSet claims = new JWTClaimsSet.Builder().issuer("engagement-gateway")
                .expirationTime(Date.from(NOW.plusSeconds(60))).claim("org", 42L).claim("kind", "data").build();
        SignedJWT jwt = new SignedJWT(new JWSHeader(JWSAlgorithm.HS512), claims);
        jwt.sign(new MACSigner(longSecret.getBytes(StandardCharsets.UTF_8)));
        assertThat(tokens(longSecret, NOW).verify(jwt.serialize())).isEmpty();
    }

    @Test
    void refusesAnUnsignedToken() {
        JWTClaimsSet claims = new JWTClaimsSet.Builder().issuer("engagement-gateway")
                .expirationTime(Date.from(NOW.plusSeconds(60))).claim("org", 42L).claim("kind", "data").build();
        assertThat(tokens(SECRET, NOW).verify(new PlainJWT(claims).serialize())).isEmpty();
    }

    @Test
    void refusesAnUnknownKeyKind() throws Exception {
        JWTClaimsSet claims = new JWTClaimsSet.Builder().issuer("engagement-gateway")
                .expirationTime(Date.from(NOW.plusSeconds(60))).claim("org", 42L).claim("kind", "root").build();
        SignedJWT jwt = new SignedJWT(new JWSHeader(JWSAlgorithm.HS256), claims);
        jwt.sign(new MACSigner(SECRET.getBytes(StandardCharsets.UTF_8)));
        assertThat(tokens(SECRET, NOW).verify(jwt.serialize())).isEmpty();
    }

    @Test
    void refusesGarbage() {
        InternalToken tokens = tokens(SECRET, NOW);
        assertThat(tokens.verify("not-a-token")).isEmpty();
        assertThat(tokens.verify("")).isEmpty();
        assertThat(tokens.verify("a.b.c")).isEmpty();
    }

    @Test
    void refusesASecretShorterThanThirtyTwoBytes() {
        assertThatThrownBy(() -> tokens("x".repeat(31), NOW))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("at least 32 bytes");
    }

    @Test
    void refusesAMissingSecret() {
        assertThatThrownBy(() -> tokens(null, NOW)).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void acceptsASecretOfExactlyThirtyTwoBytes() {
        InternalToken tokens = tokens("y".repeat(32), NOW);
        assertThat(tokens.verify(tokens.mint(ORG))).contains(ORG);
    }

    @Test
    void keyKindsUseLowerCaseWireNames() {
        assertThat(KeyKind.PUBLIC.wireName()).isEqualTo("public");
        assertThat(KeyKind.fromWireName("transactional")).isEqualTo(KeyKind.TRANSACTIONAL);
    }

    // --- the filter that checks the token on every request

    private final InternalToken tokens = tokens(SECRET, NOW);
    private final InternalTokenFilter filter = new InternalTokenFilter(new VerifiedTokens(tokens), List.of("/actuator", "/actuator/**"), context -> { });

    private static ApiException refusal(Mono<Void> result) {
        try {
            result.block();
        } catch (ApiException e) {
            return e;
        }
        throw new AssertionError("expected an ApiException");
    }

    @Test
    void filterLetsAValidTokenThroughAndBindsTheOrganization() {
        MockServerWebExchange exchange = MockServerWebExchange.from(
                MockServerHttpRequest.get("/customers").header(InternalToken.HEADER, tokens.mint(ORG)));
        AtomicBoolean passed = new AtomicBoolean();
        WebFilterChain chain = ex -> {
            passed.set(true);
            assertThat(OrgContext.of(ex)).isEqualTo(ORG);
            return Mono.empty();
        };
        filter.filter(exchange, chain).block();
        assertThat(passed).isTrue();
    }

    @Test
    void filterRefusesARequestWithoutTokenWith401() {
        MockServerWebExchange exchange = MockServerWebExchange.from(MockServerHttpRequest.get("/customers"));
        ApiException refused = refusal(filter.filter(exchange, ex -> Mono.empty()));
        assertThat(refused.status()).isEqualTo(HttpStatus.UNAUTHORIZED);
        assertThat(refused.detail()).isEqualTo("Not authenticated");
    }

    @Test
    void filterRefusesAnExpiredToken() {
        String expired = tokens(SECRET, NOW.minus(Duration.ofHours(1))).mint(ORG);
        MockServerWebExchange exchange = MockServerWebExchange.from(
                MockServerHttpRequest.get("/customers").header(InternalToken.HEADER, expired));
        ApiException refused = refusal(filter.filter(exchange, ex -> Mono.empty()));
        assertThat(refused.status()).isEqualTo(HttpStatus.UNAUTHORIZED);
        assertThat(refused.detail()).isEqualTo("Invalid or expired internal token");
    }

    @Test
    void filterLetsOpenPathsThroughWithoutToken() {
        AtomicBoolean passed = new AtomicBoolean();
        filter.filter(MockServerWebExchange.from(MockServerHttpRequest.get("/actuator/health")),
                ex -> Mono.fromRunnable(() -> passed.set(true))).block();
        assertThat(passed).isTrue();
    }

    @Test
    void orgContextIsRefusedWhenNoTokenWasChecked() {
        MockServerWebExchange exchange = MockServerWebExchange.from(MockServerHttpRequest.get("/customers"));
        assertThatThrownBy(() -> OrgContext.of(exchange))
                .isInstanceOf(ApiException.class)
                .hasMessage("Not authenticated");
    }
}
