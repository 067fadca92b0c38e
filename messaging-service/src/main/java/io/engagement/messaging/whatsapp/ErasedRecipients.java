package io.engagement.messaging.whatsapp;

import io.engagement.platform.event.CustomerErased;
import io.engagement.platform.event.FollowerListener;
import io.engagement.platform.event.Topics;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.springframework.stereotype.Component;
import tools.jackson.databind.ObjectMapper;

import java.util.List;

/**
 * Forgets the recipient of every WhatsApp message sent to an erased customer's number, as for SMS:
 * the ledger keeps no message text (texts travel on the message topic, which keeps them for its
 * retention only).
 */
@Component("whatsAppErasedRecipients")
class ErasedRecipients {

    private final WhatsAppLedger ledger;
    private final ObjectMapper json;

    ErasedRecipients(WhatsAppLedger ledger, ObjectMapper json) {
        this.ledger = ledger;
        this.json = json;
    }

    @FollowerListener(id = "whatsapp-erasure", topics = Topics.CUSTOMER)
    void onCustomerEvent(ConsumerRecord<String, String> record) {
        CustomerErased.of(json, record.value())
                .filter(erasure -> erasure.customer().whatsappNumber() != null)
                .ifPresent(erasure -> ledger.ledger().forgetRecipient(erasure.organizationId(), "to", erasure.customer().whatsappNumber(),
                        List.of()).block());
    }
}
