package io.engagement.gateway.key;

import io.engagement.platform.auth.OrgContext;

/**
 * The key a request was let in with, kept on the exchange under {@link #ATTRIBUTE} for the filters
 * that act per key after authentication.
 */
public record AuthenticatedKey(long keyId, OrgContext context) {

    public static final String ATTRIBUTE = AuthenticatedKey.class.getName();
}
