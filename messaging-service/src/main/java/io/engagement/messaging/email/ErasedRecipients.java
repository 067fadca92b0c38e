package io.engagement.messaging.email;

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
 * Forgets the e-mails sent to an erased customer's address: the recipient and the subject (the only
 * part of a message body this service stores; bodies travel on the message topic, which keeps them
 * for its retention only). Binding {@code emailErasures}.
 */
@Configuration(value = "emailErasedRecipients", proxyBeanMethods = false)
class ErasedRecipients {

    private final EmailLedger ledger;
    private final ObjectMapper json;

    ErasedRecipients(EmailLedger ledger, ObjectMapper json) {
        this.ledger = ledger;
        this.json = json;
    }

    @Bean
    Consumer<Message<String>> emailErasures() {
        return record -> onCustomerEvent(ReceivedRecords.of(record));
    }

    /** Every other customer event, and the tombstone that follows an erasure, is passed over. */
    void onCustomerEvent(ConsumerRecord<String, String> record) {
        CustomerErased.of(json, record.value())
                .filter(erasure -> erasure.customer().email() != null)
                .ifPresent(erasure -> ledger.ledger().forgetRecipient(erasure.organizationId(), "to_email", erasure.customer().email(),
                        List.of("subject")).block());
    }
}
