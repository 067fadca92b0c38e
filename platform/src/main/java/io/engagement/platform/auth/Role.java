package io.engagement.platform.auth;

import java.util.Locale;
import java.util.Optional;

/**
 * A member's role in an organization, each allowing what the one before it does and more: a viewer
 * reads, an agent also answers conversations and tickets, an admin does everything.
 */
public enum Role {
    VIEWER, AGENT, ADMIN;

    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    public boolean allows(Role needed) {
        return compareTo(needed) >= 0;
    }

    public static Optional<Role> fromWireName(String name) {
        for (Role role : values()) {
            if (role.wireName().equals(name)) {
                return Optional.of(role);
            }
        }
        return Optional.empty();
    }
}
