package io.engagement.customer.directory;

import io.engagement.platform.event.CustomerCreated;
import io.engagement.platform.event.DocumentOutbox;
import io.engagement.platform.event.EntityOutbox;
import io.engagement.platform.event.Topics;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** {@link CustomerCreated} on {@code engagement.customer.v1}, keyed {@code org:customer_id}. */
@Configuration(proxyBeanMethods = false)
class CustomerEvents {

    @Bean
    EntityOutbox<CustomerCreated> customerOutbox(DocumentOutbox outbox) {
        return new EntityOutbox<>(outbox, CustomerStore.COLLECTION, Topics.CUSTOMER, document -> {
            Customer customer = CustomerStore.fromDocument(document);
            return new EntityOutbox.Entity<>(customer.organizationId(), customer.customerId(), created(customer));
        });
    }

    /** The event of a customer as stored. */
    static CustomerCreated created(Customer customer) {
        return new CustomerCreated(customer.id(), customer.customerId(), customer.name(), customer.email(), customer.whatsappNumber(),
                customer.source(), customer.ip(), customer.city(), customer.country(), customer.location(), customer.latitude(),
                customer.longitude(), customer.isActive(), customer.organizationId(), customer.companyId(), customer.timeCreated(),
                customer.timeUpdated());
    }
}
