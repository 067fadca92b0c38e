package io.engagement.messaging.email;

import io.engagement.platform.event.CustomerErased;
import io.engagement.platform.event.FollowerListener;
import io.engagement.platform.event.Topics;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.springframework.stereotype.Component;
import tools.jackson.databind.ObjectMapper;

import java.util.List;

/**
 * Forgets the e-mails sent to an erased customer's address: the recipient and the subject (the only
 * part of a message body this service stores; bodies travel on the message topic, which keeps them
 * for its retention only).
 */
@Component("emailErasedRecipients")
class ErasedRecipients {

    private final EmailLedger ledger;
    private final ObjectMapper json;

    ErasedRecipients(EmailLedger ledger, ObjectMapper json) {
        this.ledger = ledger;
        this.json = json;
    }

    @FollowerListener(id = "email-erasure", topics = Topics.CUSTOMER)
    void onCustomerEvent(ConsumerRecord<String, String> record) {
        CustomerErased.of(json, record.value())
                .filter(erasure -> erasure.customer().email() != null)
                .ifPresent(erasure -> ledger.ledger().forgetRecipient(erasure.organizationId(), "to_email", erasure.customer().email(),
                        List.of("subject")).block());
    }
}
