package io.engagement.customer.company;

import io.engagement.platform.event.DocumentOutbox;
import io.engagement.platform.event.EventEnvelope;
import io.engagement.platform.event.Topics;
import org.bson.Document;
import org.springframework.stereotype.Component;

import java.util.List;

import static io.engagement.platform.store.Documents.longOf;

/** {@code company.created} on {@code engagement.customer.v1}, keyed {@code org:company_id}. */
@Component
class CompanyEvents {

    static final String CREATED = "company.created";

    private final DocumentOutbox outbox;

    CompanyEvents(DocumentOutbox outbox) {
        this.outbox = outbox;
    }

    void published(List<Document> written) {
        outbox.publish(CompanyStore.COLLECTION, written, CompanyEvents::eventOf);
    }

    void recoverPending() {
        outbox.recover(CompanyStore.COLLECTION, CompanyEvents::eventOf).block();
    }

    private static DocumentOutbox.Event eventOf(Document document) {
        long organizationId = longOf(document, "organization_id");
        Company company = CompanyStore.fromDocument(document);
        return new DocumentOutbox.Event(Topics.CUSTOMER, EventEnvelope.key(organizationId, company.companyId()),
                DocumentOutbox.eventOf(document, organizationId, company));
    }
}
