package io.engagement.customer.customer;

import java.time.Instant;

/** A customer as the contract shows it; {@code companyName} is filled in list responses. */
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
        String companyName,
        Instant timeCreated,
        Instant timeUpdated) {

    Customer withCompanyName(String name) {
        return new Customer(id, customerId, this.name, email, whatsappNumber, source, ip, city, country, location,
                latitude, longitude, isActive, organizationId, companyId, name, timeCreated, timeUpdated);
    }
}
