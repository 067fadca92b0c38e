package io.engagement.messaging.email;

import io.engagement.messaging.delivery.MessageLedger;
import org.springframework.data.mongodb.core.ReactiveMongoTemplate;
import org.springframework.stereotype.Component;

import java.time.Clock;

/** The status of every email, in {@code email_messages}. */
@Component
class EmailLedger {

    private final MessageLedger ledger;

    EmailLedger(ReactiveMongoTemplate mongo) {
        this.ledger = new MessageLedger(mongo, "email_messages", Clock.systemUTC());
    }

    MessageLedger ledger() {
        return ledger;
    }
}
