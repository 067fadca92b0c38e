package io.engagement.gateway.person;

import java.util.Locale;
import java.util.Optional;

/** Whether a member takes conversations: {@code online} takes new ones, {@code busy} keeps theirs, {@code offline} none. */
public enum Availability {
    ONLINE, BUSY, OFFLINE;

    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Optional<Availability> fromWireName(String name) {
        for (Availability availability : values()) {
            if (availability.wireName().equals(name)) {
                return Optional.of(availability);
            }
        }
        return Optional.empty();
    }
}
