package io.engagement.messaging.sms;

import io.engagement.platform.binding.ReceivedRecords;
import io.engagement.platform.event.CustomerErased;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.messaging.Message;
import tools.jackson.databind.ObjectMapper;

import java.util.List;
import java.util.function.Consumer;

/** Forgets the recipient of every SMS sent to an erased customer's number (binding {@code smsErasures}). */
@Configuration(value = "smsErasedRecipients", proxyBeanMethods = false)
class ErasedRecipients {

    private final SmsLedger ledger;
    private final ObjectMapper json;

    ErasedRecipients(SmsLedger ledger, ObjectMapper json) {
        this.ledger = ledger;
        this.json = json;
    }

    @Bean
    Consumer<Message<String>> smsErasures() {
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
