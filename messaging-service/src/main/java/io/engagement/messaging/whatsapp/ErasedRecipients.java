package io.engagement.messaging.whatsapp;

import io.engagement.platform.binding.ReceivedRecords;
import io.engagement.platform.event.CustomerErased;
import io.engagement.platform.event.EventReader;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.messaging.Message;

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
    private final EventReader events;

    ErasedRecipients(WhatsAppLedger ledger, EventReader events) {
        this.ledger = ledger;
        this.events = events;
    }

    @Bean
    Consumer<Message<String>> whatsAppErasures() {
        return record -> onCustomerEvent(ReceivedRecords.of(record));
    }

    /**
     * Every other customer event, and the tombstone that follows an erasure, is passed over without
     * a parse; an erasure that does not read goes to the dead letters.
     */
    void onCustomerEvent(ConsumerRecord<String, String> record) {
        events.read(record.value(), CustomerErased.class)
                .filter(erasure -> erasure.data().whatsappNumber() != null)
                .ifPresent(erasure -> ledger.ledger().forgetRecipient(erasure.orgId(), "to", erasure.data().whatsappNumber(),
                        List.of()).block());
    }
}
