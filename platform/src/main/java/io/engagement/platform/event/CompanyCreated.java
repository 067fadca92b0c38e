package io.engagement.platform.event;

import java.time.Instant;

/** A company was created ({@link Topics#CUSTOMER}, keyed {@code org:company_id}): the company as stored. */
@EventType("company.created")
public record CompanyCreated(long id, String companyId, String companyName, String companyEmail, String companyStatus, String description,
                             String industry, String website, String phone, String address, long organizationId, Instant timeCreated,
                             Instant timeUpdated) implements DomainEvent {
}
