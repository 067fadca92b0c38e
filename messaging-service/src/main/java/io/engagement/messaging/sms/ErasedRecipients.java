package io.engagement.messaging.sms;

import io.engagement.platform.event.CustomerErased;
import io.engagement.platform.event.FollowerListener;
import io.engagement.platform.event.Topics;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.springframework.stereotype.Component;
import tools.jackson.databind.ObjectMapper;

import java.util.List;

/** Forgets the recipient of every SMS sent to an erased customer's number. */
@Component("smsErasedRecipients")
class ErasedRecipients {

    private final SmsLedger ledger;
    private final ObjectMapper json;

    ErasedRecipients(SmsLedger ledger, ObjectMapper json) {
        this.ledger = ledger;
        this.json = json;
    }

    @FollowerListener(id = "sms-erasure", topics = Topics.CUSTOMER)
    void onCustomerEvent(ConsumerRecord<String, String> record) {
        CustomerErased.of(json, record.value())
                .filter(erasure -> erasure.customer().whatsappNumber() != null)
                .ifPresent(erasure -> ledger.ledger().forgetRecipient(erasure.organizationId(), "to", erasure.customer().whatsappNumber(),
                        List.of()).block());
    }
}
