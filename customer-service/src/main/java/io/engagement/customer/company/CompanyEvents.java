package io.engagement.customer.company;

import io.engagement.platform.event.CompanyCreated;
import io.engagement.platform.event.DocumentOutbox;
import io.engagement.platform.event.EntityOutbox;
import io.engagement.platform.event.Topics;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import static io.engagement.platform.store.Documents.longOf;

/** {@link CompanyCreated} on {@code engagement.customer.v1}, keyed {@code org:company_id}. */
@Configuration(proxyBeanMethods = false)
class CompanyEvents {

    @Bean
    EntityOutbox<CompanyCreated> companyOutbox(DocumentOutbox outbox) {
        return new EntityOutbox<>(outbox, CompanyStore.COLLECTION, Topics.CUSTOMER, document -> {
            Company company = CompanyStore.fromDocument(document);
            return new EntityOutbox.Entity<>(longOf(document, "organization_id"), company.companyId(), created(company));
        });
    }

    /** The event of a company as stored. */
    static CompanyCreated created(Company company) {
        return new CompanyCreated(company.id(), company.companyId(), company.companyName(), company.companyEmail(),
                company.companyStatus(), company.description(), company.industry(), company.website(), company.phone(),
                company.address(), company.organizationId(), company.timeCreated(), company.timeUpdated());
    }
}
