package io.engagement.customer.directory;

import io.engagement.platform.event.CustomerErased;
import reactor.core.publisher.Mono;

/**
 * What another feature of this service keeps of a customer and deletes when the customer is erased.
 * Called with the customer's deletion, again after a crash or broker outage interrupted an erasure,
 * so deleting must be safe to repeat.
 */
public interface ErasedCustomerData {

    /**
     * @param erased the customer as the erasure names them: data naming the person only by their
     *               e-mail or WhatsApp number is theirs too
     */
    Mono<Void> forget(long organizationId, CustomerErased erased);
}
