package io.engagement.messaging.sms;

import io.engagement.messaging.delivery.MessageLedger;
import org.bson.Document;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.data.mongodb.core.ReactiveMongoTemplate;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

import java.time.Clock;

/**
 * The status of every SMS, in {@code sms_messages}, and the SMSC's id of each submitted one in
 * {@code sms_smsc_ids}, so a delivery receipt finds its message by key.
 */
@Component
class SmsLedger {

    private static final String SMSC_IDS = "sms_smsc_ids";

    private final ReactiveMongoTemplate mongo;
    private final MessageLedger ledger;

    SmsLedger(ReactiveMongoTemplate mongo) {
        this.mongo = mongo;
        this.ledger = new MessageLedger(mongo, "sms_messages", Clock.systemUTC());
    }

    MessageLedger ledger() {
        return ledger;
    }

    Mono<Void> rememberSmscId(String smscId, String messageId) {
        return mongo.insert(new Document("_id", smscId).append("message_id", messageId), SMSC_IDS).then()
                .onErrorResume(DuplicateKeyException.class, known -> Mono.empty());
    }

    Mono<String> messageOfSmscId(String smscId) {
        return mongo.findById(smscId, Document.class, SMSC_IDS).map(document -> document.getString("message_id"));
    }
}
