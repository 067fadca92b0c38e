package io.engagement.customer.ticket;

import io.engagement.customer.directory.ErasedCustomerData;
import org.springframework.stereotype.Component;
import io.engagement.platform.event.CustomerErased;
import reactor.core.publisher.Mono;

/**
 * An erased customer's tickets are deleted whole, not stripped of their name: a subject or a
 * description written by the person may say who they are.
 */
@Component
class CustomerTickets implements ErasedCustomerData {

    private final TicketStore store;

    CustomerTickets(TicketStore store) {
        this.store = store;
    }

    @Override
    public Mono<Void> forget(long organizationId, CustomerErased erased) {
        return store.deleteOf(organizationId, erased.customerId(), erased.email());
    }
}
