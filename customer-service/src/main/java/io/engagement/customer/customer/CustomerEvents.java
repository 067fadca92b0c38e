package io.engagement.customer.customer;

import io.engagement.platform.event.DocumentOutbox;
import io.engagement.platform.event.EventEnvelope;
import io.engagement.platform.event.Topics;
import org.bson.Document;
import org.springframework.stereotype.Component;

import java.util.List;

/** {@code customer.created} on {@code engagement.customer.v1}, keyed {@code org:customer_id}. */
@Component
class CustomerEvents {

    static final String CREATED = "customer.created";

    private final DocumentOutbox outbox;

    CustomerEvents(DocumentOutbox outbox) {
        this.outbox = outbox;
    }

    void published(List<Document> written) {
        outbox.publish(CustomerStore.COLLECTION, written, CustomerEvents::eventOf);
    }

    void recoverPending() {
        outbox.recover(CustomerStore.COLLECTION, CustomerEvents::eventOf).block();
    }

    private static DocumentOutbox.Event eventOf(Document document) {
        Customer customer = CustomerStore.fromDocument(document);
        return new DocumentOutbox.Event(Topics.CUSTOMER, EventEnvelope.key(customer.organizationId(), customer.customerId()),
                DocumentOutbox.eventOf(document, customer.organizationId(), customer));
    }
}
