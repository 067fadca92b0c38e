package io.engagement.platform.auth;

import java.util.Set;

/** Where a client presents a key: the gateway reads these, and drops them before a request goes on. */
public final class KeyHeaders {

    public static final String DATA = "x-api-key";
    public static final String TRANSACTIONAL = "X-Transactional-Key";
    public static final String PUBLIC = "X-Public-Key";
    /** The public key as a query parameter, for {@code navigator.sendBeacon}. */
    public static final String PUBLIC_QUERY = "public_key";
    public static final Set<String> ALL = Set.of(DATA, TRANSACTIONAL, PUBLIC);

    private KeyHeaders() {
    }
}
