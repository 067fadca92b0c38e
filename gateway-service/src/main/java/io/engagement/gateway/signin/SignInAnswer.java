package io.engagement.gateway.signin;

import io.engagement.gateway.person.MemberView;

import java.time.Instant;
import java.util.List;

/** What sign-in, {@code GET /auth/v1/me} and accepting an invitation answer: who is signed in, where, and until when. */
record SignInAnswer(MemberView person, OrganizationRef organization, List<Membership> organizations, Instant expiresAt) {

    record OrganizationRef(long organizationId, String name) {
    }

    record Membership(long organizationId, String name, String role) {
    }
}
