package io.engagement.customer.company;

import java.time.Instant;

/** A company as the contract shows it. */
public record Company(
        long id,
        String companyId,
        String companyName,
        String companyEmail,
        String companyStatus,
        String description,
        String industry,
        String website,
        String phone,
        String address,
        long organizationId,
        Instant timeCreated,
        Instant timeUpdated) {
}
