package io.engagement.messaging.sms;

import io.engagement.platform.binding.ReceivedRecords;
import io.engagement.platform.event.CustomerErased;
import io.engagement.platform.event.EventReader;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.messaging.Message;

import java.util.List;
import java.util.function.Consumer;

/** Forgets the recipient of every SMS sent to an erased customer's number (binding {@code smsErasures}). */
@Configuration(value = "smsErasedRecipients", proxyBeanMethods = false)
class ErasedRecipients {

    private final SmsLedger ledger;
    private final EventReader events;

    ErasedRecipients(SmsLedger ledger, EventReader events) {
        this.ledger = ledger;
        this.events = events;
    }

    @Bean
    Consumer<Message<String>> smsErasures() {
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
