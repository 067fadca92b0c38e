package io.engagement.gateway.person;

import io.engagement.platform.auth.Role;

import java.time.Instant;

/**
 * A person as one organization sees them: their role there, whether they may sign in to it, and
 * how many conversations they take at once. The e-mail, name and whether MFA is on are the person's
 * own, kept here too so an organization's list and search read one collection.
 */
public record Member(long organizationId, String personId, String email, String name, Role role, MemberStatus status,
                     int capacity, Availability availability, boolean sso, boolean mfaEnabled, Instant createdAt, Instant lastSignInAt) {

    public static final int DEFAULT_CAPACITY = 10;

    public boolean isActive() {
        return status == MemberStatus.ACTIVE;
    }

    public boolean isActiveAdmin() {
        return isActive() && role == Role.ADMIN;
    }
}
