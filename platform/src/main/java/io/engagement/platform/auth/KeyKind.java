package io.engagement.platform.auth;

import java.util.Locale;

/** The kinds of API key an organization holds; each opens its own routes. */
public enum KeyKind {
    DATA, TRANSACTIONAL, PUBLIC;

    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static KeyKind fromWireName(String name) {
        return valueOf(name.toUpperCase(Locale.ROOT));
    }
}
