package io.engagement.messaging.reminder;

import org.bson.Document;
import org.springframework.data.mongodb.core.BulkOperations;
import org.springframework.data.mongodb.core.FindAndReplaceOptions;
import org.springframework.data.mongodb.core.ReactiveBulkOperations;
import org.springframework.data.mongodb.core.ReactiveMongoTemplate;
import org.springframework.data.mongodb.core.query.Criteria;
import org.springframework.data.mongodb.core.query.Query;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

import java.util.List;

/**
 * How each customer is reached, as their {@code customer.created} event told it: the reminders of
 * a ticket opened with a customer id but no e-mail address go to the customer's, and SMS and
 * WhatsApp reminders to their WhatsApp number. Kept from the customer topic, so this service never
 * reads the customer service's database; an erasure removes the customer's entry.
 */
@Component
class CustomerContacts {

    static final String COLLECTION = "reminder_contacts";

    private final ReactiveMongoTemplate mongo;

    CustomerContacts(ReactiveMongoTemplate mongo) {
        this.mongo = mongo;
    }

    /** Keeps each contact, in order, in one write: a later entry for a customer replaces an earlier one. */
    Mono<Void> rememberAll(List<Known> contacts) {
        if (contacts.isEmpty()) {
            return Mono.empty();
        }
        return Mono.defer(() -> {
            ReactiveBulkOperations bulk = mongo.bulkOps(BulkOperations.BulkMode.ORDERED, COLLECTION);
            contacts.forEach(known -> bulk.replaceOne(Query.query(Criteria.where("_id").is(id(known.org(), known.contact().customerId()))),
                    document(known.org(), known.contact()), FindAndReplaceOptions.options().upsert()));
            return bulk.execute();
        }).then();
    }

    private static Document document(long org, Contact contact) {
        return new Document("_id", id(org, contact.customerId())).append("organization_id", org)
                .append("customer_id", contact.customerId()).append("email", contact.email())
                .append("whatsapp_number", contact.whatsappNumber());
    }

    /** The customer's contact; an unknown customer has neither address. */
    Mono<Contact> find(long org, String customerId) {
        if (customerId == null) {
            return Mono.just(new Contact(null, null, null));
        }
        return mongo.findById(id(org, customerId), Document.class, COLLECTION)
                .map(found -> new Contact(customerId, found.getString("email"), found.getString("whatsapp_number")))
                .defaultIfEmpty(new Contact(customerId, null, null));
    }

    Mono<Void> forget(long org, String customerId) {
        return mongo.remove(Query.query(Criteria.where("_id").is(id(org, customerId))), COLLECTION).then();
    }

    private static String id(long org, String customerId) {
        return org + ":" + customerId;
    }

    /** A customer's contact and their organization. */
    record Known(long org, Contact contact) {
    }

    /** A customer's addresses, each null when unknown. */
    record Contact(String customerId, String email, String whatsappNumber) {
    }
}
