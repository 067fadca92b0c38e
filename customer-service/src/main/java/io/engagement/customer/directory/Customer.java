package io.engagement.customer.directory;

import java.time.Instant;

/** A customer as stored and as the contract shows it; {@code companyId} is the company's integer id. */
public record Customer(
        long id,
        String customerId,
        String name,
        String email,
        String whatsappNumber,
        String source,
        String ip,
        String city,
        String country,
        String location,
        String latitude,
        String longitude,
        Boolean isActive,
        long organizationId,
        Long companyId,
        Instant timeCreated,
        Instant timeUpdated) {
}
