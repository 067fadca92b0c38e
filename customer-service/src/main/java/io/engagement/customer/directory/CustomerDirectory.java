package io.engagement.customer.directory;

import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/** What other features may ask of customers: whether an organization has one. */
@Component
public class CustomerDirectory {

    private final CustomerStore store;

    CustomerDirectory(CustomerStore store) {
        this.store = store;
    }

    /** {@code true} when the organization has a customer with this public id; another organization's is {@code false}. */
    public Mono<Boolean> exists(long organizationId, String customerId) {
        return store.findByPublicId(organizationId, customerId).hasElement();
    }
}
