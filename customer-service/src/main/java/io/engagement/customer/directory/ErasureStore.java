package io.engagement.customer.directory;

import io.engagement.customer.activity.LatestSession;
import io.engagement.platform.event.CustomerErased;
import io.engagement.platform.event.DocumentOutbox;
import io.engagement.platform.event.EventEnvelope;
import org.bson.Document;
import org.springframework.data.mongodb.core.FindAndReplaceOptions;
import org.springframework.data.mongodb.core.ReactiveMongoTemplate;
import org.springframework.data.mongodb.core.query.Criteria;
import org.springframework.data.mongodb.core.query.Query;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import java.time.Instant;
import java.util.Date;
import java.util.List;

import static io.engagement.platform.store.Documents.longOf;

/**
 * Erasures requested and not yet published. The request is written here before the customer is
 * deleted, so a crash at any point leaves a document from which the deletion and the events are
 * done again; the document itself is removed once the broker has both, and then nothing of the
 * person is left in this database.
 */
@Component
class ErasureStore {

    static final String COLLECTION = "erasures";

    private final ReactiveMongoTemplate mongo;

    ErasureStore(ReactiveMongoTemplate mongo) {
        this.mongo = mongo;
    }

    /** Records the erasure of a stored customer; the same customer erased twice is one erasure. */
    Mono<Erasure> record(StoredCustomer stored) {
        Customer customer = stored.customer();
        LatestSession latest = stored.latestSession();
        Erasure erasure = new Erasure(customer.id(), customer.organizationId(), new CustomerErased(customer.customerId(),
                customer.email(), customer.whatsappNumber(), latest == null ? List.of() : List.of(latest.sessionId())),
                DocumentOutbox.pendingMark(CustomerErased.class));
        return mongo.findAndReplace(Query.query(Criteria.where("_id").is(customer.id())), erasure.toDocument(),
                        FindAndReplaceOptions.options().upsert(), Document.class, COLLECTION)
                .thenReturn(erasure);
    }

    /** Erasures recorded before {@code before}: those whose publishing a crash or a broker outage interrupted. */
    Flux<Erasure> pending(Instant before) {
        return mongo.find(Query.query(Criteria.where(DocumentOutbox.PENDING + ".occurred_at").lt(Date.from(before))), Document.class,
                COLLECTION).map(Erasure::fromDocument);
    }

    Mono<Void> remove(Erasure erasure) {
        return mongo.remove(Query.query(Criteria.where("_id").is(erasure.customerKey())), COLLECTION).then();
    }

    /** One erasure: the customer's internal id and organization, the event, and the mark that names the event. */
    record Erasure(long customerKey, long organizationId, CustomerErased erased, Document mark) {

        EventEnvelope<CustomerErased> envelope() {
            return DocumentOutbox.eventOf(new Document(DocumentOutbox.PENDING, mark), organizationId, erased);
        }

        String emailKey() {
            return erased.email() == null ? null : CustomerStore.emailKey(erased.email());
        }

        Document toDocument() {
            return new Document("_id", customerKey)
                    .append("organization_id", organizationId)
                    .append("customer_id", erased.customerId())
                    .append("email", erased.email())
                    .append("whatsapp_number", erased.whatsappNumber())
                    .append("session_ids", erased.sessionIds())
                    .append(DocumentOutbox.PENDING, mark);
        }

        static Erasure fromDocument(Document document) {
            return new Erasure(longOf(document, "_id"), longOf(document, "organization_id"), new CustomerErased(
                    document.getString("customer_id"), document.getString("email"), document.getString("whatsapp_number"),
                    document.getList("session_ids", String.class, List.of())), document.get(DocumentOutbox.PENDING, Document.class));
        }
    }
}
