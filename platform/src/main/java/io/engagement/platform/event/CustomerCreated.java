package io.engagement.platform.event;

import java.time.Instant;

/**
 * A customer was created ({@link Topics#CUSTOMER}, keyed {@code org:customer_id}): the customer as
 * stored and as the contract shows it; {@code companyId} is the company's integer id.
 */
@EventType("customer.created")
public record CustomerCreated(long id, String customerId, String name, String email, String whatsappNumber, String source, String ip,
                              String city, String country, String location, String latitude, String longitude, Boolean isActive,
                              long organizationId, Long companyId, Instant timeCreated, Instant timeUpdated) implements DomainEvent {
}
