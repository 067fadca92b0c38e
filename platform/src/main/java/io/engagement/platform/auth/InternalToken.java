package io.engagement.platform.auth;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.MACSigner;
import com.nimbusds.jose.crypto.MACVerifier;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;

import java.nio.charset.StandardCharsets;
import java.text.ParseException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.Optional;

/**
 * The short-lived token the gateway signs after it has authenticated a key, and every service
 * checks: a JWT (HS256) naming the organization and the key kind.
 */
public final class InternalToken {

    /** The header that carries the token from the gateway to a service. */
    public static final String HEADER = "X-Engagement-Internal-Token";
    /** Inbound headers with this prefix are the gateway's alone and are dropped from client requests. */
    public static final String RESERVED_HEADER_PREFIX = "X-Engagement-";

    private static final String ISSUER = "engagement-gateway";
    private static final int MIN_SECRET_BYTES = 32;

    private final MACSigner signer;
    private final MACVerifier verifier;
    private final Duration lifetime;
    private final Clock clock;

    public InternalToken(String secret, Duration lifetime, Clock clock) {
        if (secret == null || secret.getBytes(StandardCharsets.UTF_8).length < MIN_SECRET_BYTES) {
            throw new IllegalStateException("engagement.internal-token.secret must be set to at least "
                    + MIN_SECRET_BYTES + " bytes (environment variable ENGAGEMENT_INTERNAL_TOKEN_SECRET)");
        }
        try {
            this.signer = new MACSigner(secret.getBytes(StandardCharsets.UTF_8));
            this.verifier = new MACVerifier(secret.getBytes(StandardCharsets.UTF_8));
        } catch (JOSEException e) {
            throw new IllegalStateException("the internal token secret cannot key HS256", e);
        }
        this.lifetime = lifetime;
        this.clock = clock;
    }

    public String mint(OrgContext context) {
        return issue(context).token();
    }

    /** A new token for {@code context}, with the moments it was issued and stops being valid. */
    public Issued issue(OrgContext context) {
        Instant now = clock.instant();
        Instant expiresAt = now.plus(lifetime);
        JWTClaimsSet claims = new JWTClaimsSet.Builder()
                .issuer(ISSUER)
                .issueTime(Date.from(now))
                .expirationTime(Date.from(expiresAt))
                .claim("org", context.organizationId())
                .claim("kind", context.keyKind().wireName())
                .build();
        try {
            SignedJWT jwt = new SignedJWT(new JWSHeader(JWSAlgorithm.HS256), claims);
            jwt.sign(signer);
            return new Issued(jwt.serialize(), now, expiresAt);
        } catch (JOSEException e) {
            throw new IllegalStateException("cannot sign the internal token", e);
        }
    }

    /** The context the token names, if it is well signed, issued by the gateway and not expired. */
    public Optional<OrgContext> verify(String token) {
        return check(token).map(Verified::context);
    }

    /** As {@link #verify}, with the moment the token stops being valid. */
    public Optional<Verified> check(String token) {
        try {
            SignedJWT jwt = SignedJWT.parse(token);
            if (!JWSAlgorithm.HS256.equals(jwt.getHeader().getAlgorithm()) || !jwt.verify(verifier)) {
                return Optional.empty();
            }
            JWTClaimsSet claims = jwt.getJWTClaimsSet();
            Date expiry = claims.getExpirationTime();
            if (!ISSUER.equals(claims.getIssuer()) || expiry == null || !isValidAt(expiry.toInstant())) {
                return Optional.empty();
            }
            OrgContext context = new OrgContext(claims.getLongClaim("org"), KeyKind.fromWireName(claims.getStringClaim("kind")));
            return Optional.of(new Verified(context, expiry.toInstant()));
        } catch (ParseException | JOSEException | IllegalArgumentException | NullPointerException e) {
            return Optional.empty();
        }
    }

    /** Whether a token that stops being valid at {@code expiresAt} is still valid now. */
    public boolean isValidAt(Instant expiresAt) {
        return expiresAt.isAfter(clock.instant());
    }

    /**
     * Whether an issued token may still be sent: until half its lifetime has passed, so a service
     * receiving it always has the other half to check it, whatever the clocks' small differences.
     */
    public boolean isFresh(Issued issued) {
        Duration half = Duration.between(issued.issuedAt(), issued.expiresAt()).dividedBy(2);
        return clock.instant().isBefore(issued.issuedAt().plus(half));
    }

    public record Issued(String token, Instant issuedAt, Instant expiresAt) {
    }

    public record Verified(OrgContext context, Instant expiresAt) {
    }
}
