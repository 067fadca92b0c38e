package io.engagement.customer.customer;

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
            return new EntityOutbox.Entity<>(customer.organizationId(), customer.customerId(), new CustomerCreated(customer));
        });
    }
}
