package io.engagement.platform.auth;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.MACSigner;
import com.nimbusds.jose.crypto.MACVerifier;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import io.engagement.platform.event.OrganizationPolicy;

import java.nio.charset.StandardCharsets;
import java.text.ParseException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
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
    /** The claim of the organization's policy ({@link OrgContext#policy()}), absent where the context has none. */
    private static final String POLICY = "pol";
    /** The claim of the signed-in person ({@link OrgContext#actor()}), absent for a request with a key. */
    private static final String PERSON = "per";

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
        JWTClaimsSet.Builder claims = new JWTClaimsSet.Builder()
                .issuer(ISSUER)
                .issueTime(Date.from(now))
                .expirationTime(Date.from(expiresAt))
                .claim("org", context.organizationId())
                .claim("kind", context.keyKind().wireName());
        if (context.policy() != null) {
            claims.claim(POLICY, PolicyClaim.of(context.policy()));
        }
        if (context.actor() != null) {
            claims.claim(PERSON, PersonClaim.of(context.actor()));
        }
        try {
            SignedJWT jwt = new SignedJWT(new JWSHeader(JWSAlgorithm.HS256), claims.build());
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
            OrgContext context = new OrgContext(claims.getLongClaim("org"), KeyKind.fromWireName(claims.getStringClaim("kind")),
                    PolicyClaim.read(claims.getJSONObjectClaim(POLICY)), PersonClaim.read(claims.getJSONObjectClaim(PERSON)));
            return Optional.of(new Verified(context, expiry.toInstant()));
        } catch (ParseException | JOSEException | IllegalArgumentException | NullPointerException | ClassCastException e) {
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

    /** The policy as a small JSON object of the token: what every service needs of it, and its version. */
    private static final class PolicyClaim {

        static Map<String, Object> of(OrganizationPolicy policy) {
            OrganizationPolicy.Retention retention = policy.retention();
            return Map.of("v", policy.version(), "plan", policy.plan(), "opt", policy.redactionOptOut(),
                    "ret", List.of(retention.rawEventDays(), retention.replayDays(), retention.messageBodyDays()));
        }

        static OrganizationPolicy read(Map<String, Object> claim) {
            if (claim == null) {
                return null;
            }
            List<?> retention = (List<?>) claim.get("ret");
            List<String> optOut = ((List<?>) claim.get("opt")).stream().map(String.class::cast).toList();
            return new OrganizationPolicy(new OrganizationPolicy.Retention(intOf(retention.get(0)), intOf(retention.get(1)),
                    intOf(retention.get(2))), optOut, (String) claim.get("plan"), ((Number) claim.get("v")).longValue());
        }

        private static int intOf(Object value) {
            return ((Number) value).intValue();
        }
    }

    /** The person as a small JSON object of the token. */
    private static final class PersonClaim {

        static Map<String, Object> of(Actor actor) {
            Map<String, Object> claim = new HashMap<>();
            claim.put("id", actor.personId());
            claim.put("email", actor.email());
            claim.put("role", actor.role().wireName());
            if (actor.name() != null) {
                claim.put("name", actor.name());
            }
            return claim;
        }

        static Actor read(Map<String, Object> claim) {
            if (claim == null) {
                return null;
            }
            Role role = Role.fromWireName((String) claim.get("role")).orElseThrow(IllegalArgumentException::new);
            return new Actor((String) claim.get("id"), (String) claim.get("email"), (String) claim.get("name"), role);
        }
    }

    public record Verified(OrgContext context, Instant expiresAt) {
    }
}
