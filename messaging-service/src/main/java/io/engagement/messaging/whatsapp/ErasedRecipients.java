package io.engagement.messaging.whatsapp;

import io.engagement.platform.binding.ReceivedRecords;
import io.engagement.platform.event.CustomerErased;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.messaging.Message;
import tools.jackson.databind.ObjectMapper;

import java.util.List;
import java.util.function.Consumer;

/**
 * Forgets the recipient of every WhatsApp message sent to an erased customer's number, as for SMS:
 * the ledger keeps no message text (texts travel on the message topic, which keeps them for its
 * retention only). Binding {@code whatsAppErasures}.
 */
@Configuration(value = "whatsAppErasedRecipients", proxyBeanMethods = false)
class ErasedRecipients {

    private final WhatsAppLedger ledger;
    private final ObjectMapper json;

    ErasedRecipients(WhatsAppLedger ledger, ObjectMapper json) {
        this.ledger = ledger;
        this.json = json;
    }

    @Bean
    Consumer<Message<String>> whatsAppErasures() {
        return record -> onCustomerEvent(ReceivedRecords.of(record));
    }

    /** Every other customer event, and the tombstone that follows an erasure, is passed over. */
    void onCustomerEvent(ConsumerRecord<String, String> record) {
        CustomerErased.of(json, record.value())
                .filter(erasure -> erasure.customer().whatsappNumber() != null)
                .ifPresent(erasure -> ledger.ledger().forgetRecipient(erasure.organizationId(), "to", erasure.customer().whatsappNumber(),
                        List.of()).block());
    }
}
