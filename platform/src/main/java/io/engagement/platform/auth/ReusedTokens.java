package io.engagement.platform.auth;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;

/**
 * The gateway's internal tokens, one per organization and key kind, minted once and sent again
 * while fresh: signing a JWT per request costs more than the rest of the key check, and a service
 * can then answer a repeated token from its own cache ({@link VerifiedTokens}).
 */
public final class ReusedTokens {

    /** Organizations times key kinds in use at once; the least recently used beyond it are minted again. */
    private static final int MAX_CONTEXTS = 100_000;

    private final InternalToken tokens;
    private final Cache<OrgContext, InternalToken.Issued> issued = Caffeine.newBuilder().maximumSize(MAX_CONTEXTS).build();

    public ReusedTokens(InternalToken tokens) {
        this.tokens = tokens;
    }

    public String tokenFor(OrgContext context) {
        InternalToken.Issued current = issued.getIfPresent(context);
        if (current == null || !tokens.isFresh(current)) {
            current = tokens.issue(context);
            issued.put(context, current);
        }
        return current.token();
    }
}
