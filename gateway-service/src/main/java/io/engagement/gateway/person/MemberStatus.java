package io.engagement.gateway.person;

import java.util.Locale;
import java.util.Optional;

/** Invited until the person accepts; only an active member signs in to the organization. */
public enum MemberStatus {
    INVITED, ACTIVE, DEACTIVATED;

    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Optional<MemberStatus> fromWireName(String name) {
        for (MemberStatus status : values()) {
            if (status.wireName().equals(name)) {
                return Optional.of(status);
            }
        }
        return Optional.empty();
    }
}
