package io.engagement.messaging.delivery;

import java.util.Map;

/**
 * What one batch claim decided.
 *
 * @param token  marks the messages this claim took, so only they are released again
 * @param byId   each message's claim
 */
public record Claims(String token, Map<String, Claim> byId) {

    public Claims {
        byId = Map.copyOf(byId);
    }

    /** A message the claim did not see (none such) has nothing to deliver. */
    public Claim of(String id) {
        return byId.getOrDefault(id, Claim.skip());
    }
}
