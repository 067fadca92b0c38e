package io.engagement.gateway.person;

import java.time.Instant;

/** A member as the API shows them ({@code GET /external/v1/people}, the signed-in answer's {@code person}). */
public record MemberView(String personId, String email, String name, String role, String status, int capacity, String availability,
                         boolean mfaEnabled, boolean sso, Instant createdAt, Instant lastSignInAt) {

    public static MemberView of(Member member) {
        return new MemberView(member.personId(), member.email(), member.name(), member.role().wireName(), member.status().wireName(),
                member.capacity(), member.availability().wireName(), member.mfaEnabled(), member.sso(), member.createdAt(), member.lastSignInAt());
    }
}
