package io.engagement.messaging.email;

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
 * Forgets the e-mails sent to an erased customer's address: the recipient and the subject (the only
 * part of a message body this service stores; bodies travel on the message topic, which keeps them
 * for its retention only). Binding {@code emailErasures}.
 */
@Configuration(value = "emailErasedRecipients", proxyBeanMethods = false)
class ErasedRecipients {

    private final EmailLedger ledger;
    private final EventReader events;

    ErasedRecipients(EmailLedger ledger, EventReader events) {
        this.ledger = ledger;
        this.events = events;
    }

    @Bean
    Consumer<Message<String>> emailErasures() {
        return record -> onCustomerEvent(ReceivedRecords.of(record));
    }

    /**
     * Every other customer event, and the tombstone that follows an erasure, is passed over without
     * a parse; an erasure that does not read goes to the dead letters.
     */
    void onCustomerEvent(ConsumerRecord<String, String> record) {
        events.read(record.value(), CustomerErased.class)
                .filter(erasure -> erasure.data().email() != null)
                .ifPresent(erasure -> ledger.ledger().forgetRecipient(erasure.orgId(), "to_email", erasure.data().email(),
                        List.of("subject")).block());
    }
}
