package io.engagement.customer.customer;

import reactor.core.publisher.Mono;

/**
 * What another feature of this service keeps of a customer and deletes when the customer is erased.
 * Called with the customer's deletion, again after a crash or broker outage interrupted an erasure,
 * so deleting must be safe to repeat.
 */
public interface ErasedCustomerData {

    /**
     * @param email the customer's e-mail as stored, or {@code null}; data naming the person only by
     *              their e-mail is theirs too
     */
    Mono<Void> forget(long organizationId, String customerId, String email);
}
