package io.engagement.customer.conversation;

import io.engagement.platform.event.WhatsAppConnectionChanged;
import org.bson.Document;
import org.springframework.data.mongodb.core.ReactiveMongoTemplate;
import org.springframework.data.mongodb.core.query.Criteria;
import org.springframework.data.mongodb.core.query.Query;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * Which organization each connected WhatsApp number belongs to, learnt from the messaging
 * service's {@link WhatsAppConnectionChanged} events rather than read from its database:
 * {@code _id} the number's digits, as the Cloud API's webhook names it. A number connected by a
 * second organization is that one's from then on.
 */
@Component
class WhatsAppNumbers {

    static final String COLLECTION = "whatsapp_numbers";

    private final ReactiveMongoTemplate mongo;

    WhatsAppNumbers(ReactiveMongoTemplate mongo) {
        this.mongo = mongo;
    }

    /** A phone number as conversations keep it: {@code +} and its digits; null when it has none. */
    static String normalized(String phoneNumber) {
        String digits = phoneNumber == null ? "" : phoneNumber.replaceAll("[^0-9]", "");
        return digits.isEmpty() ? null : "+" + digits;
    }

    /** The organization that connected the number with these digits; empty when none has. */
    Mono<Long> organizationOf(String digits) {
        return mongo.findById(digits, Document.class, COLLECTION).map(document -> document.get("organization_id", Number.class).longValue());
    }

    /** The organization's number is now the one of {@code changed}, or none; safe to apply twice. */
    Mono<Void> apply(long organizationId, WhatsAppConnectionChanged changed) {
        String digits = changed.connectedDigits();
        Query earlier = Query.query(Criteria.where("organization_id").is(organizationId));
        Mono<Void> forgotten = mongo.remove(digits == null ? earlier : Query.query(Criteria.where("organization_id").is(organizationId)
                .and("_id").ne(digits)), COLLECTION).then();
        if (digits == null) {
            return forgotten;
        }
        return forgotten.then(mongo.save(new Document("_id", digits).append("organization_id", organizationId)
                .append("phone_number", changed.phoneNumber()), COLLECTION)).then();
    }
}
