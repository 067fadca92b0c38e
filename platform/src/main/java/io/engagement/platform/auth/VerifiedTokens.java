package io.engagement.platform.auth;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;

import java.util.Optional;

/**
 * Internal tokens this service has already checked, so a token the gateway sends again is not
 * parsed and its signature not computed again. Only tokens found valid are kept, each until it
 * expires; an unknown or forged token is always checked in full.
 */
public final class VerifiedTokens {

    /** About as many as the gateway keeps fresh at once (one per organization and key kind). */
    private static final int MAX_TOKENS = 100_000;

    private final InternalToken tokens;
    private final Cache<String, InternalToken.Verified> verified = Caffeine.newBuilder().maximumSize(MAX_TOKENS).build();

    public VerifiedTokens(InternalToken tokens) {
        this.tokens = tokens;
    }

    /** The context the token names, if it is well signed, issued by the gateway and not expired. */
    public Optional<OrgContext> verify(String token) {
        InternalToken.Verified known = verified.getIfPresent(token);
        if (known != null && tokens.isValidAt(known.expiresAt())) {
            return Optional.of(known.context());
        }
        Optional<InternalToken.Verified> checked = tokens.check(token);
        checked.ifPresentOrElse(valid -> verified.put(token, valid), () -> verified.invalidate(token));
        return checked.map(InternalToken.Verified::context);
    }
}
