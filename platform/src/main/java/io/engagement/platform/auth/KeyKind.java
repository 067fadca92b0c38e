package io.engagement.platform.auth;

import java.util.Locale;

/**
 * The kinds of API key an organization holds; each opens its own routes. {@code ADMIN} is never
 * issued as a key: it marks a request the gateway let through on the admin token, for an
 * organization named in the path.
 */
public enum KeyKind {
    DATA, TRANSACTIONAL, PUBLIC, ADMIN;

    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static KeyKind fromWireName(String name) {
        return valueOf(name.toUpperCase(Locale.ROOT));
    }
}
