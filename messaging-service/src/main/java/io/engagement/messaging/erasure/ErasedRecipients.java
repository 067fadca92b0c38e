package io.engagement.messaging.erasure;

import io.engagement.messaging.delivery.MessageLedger;
import io.engagement.messaging.delivery.MessageLedgers;
import io.engagement.platform.binding.ReceivedRecords;
import io.engagement.platform.event.CustomerErased;
import io.engagement.platform.event.EventReader;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.messaging.Message;

import java.util.List;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * Forgets the messages each channel sent to an erased customer: the address, and whatever else of
 * the message the channel's ledger keeps. Bodies and texts are not among it: they travel on the
 * message topic, which keeps them for its retention only. Bindings {@code emailErasures},
 * {@code smsErasures} and {@code whatsAppErasures}.
 */
@Configuration(proxyBeanMethods = false)
class ErasedRecipients {

    private final MessageLedgers ledgers;
    private final EventReader events;

    ErasedRecipients(MessageLedgers ledgers, EventReader events) {
        this.ledgers = ledgers;
        this.events = events;
    }

    /** The subject is the only part of an e-mail's body the ledger keeps. */
    @Bean
    Consumer<Message<String>> emailErasures() {
        return forgetting(ledgers.email(), "to_email", CustomerErased::email, List.of("subject"));
    }

    @Bean
    Consumer<Message<String>> smsErasures() {
        return forgetting(ledgers.sms(), "to", CustomerErased::whatsappNumber, List.of());
    }

    @Bean
    Consumer<Message<String>> whatsAppErasures() {
        return forgetting(ledgers.whatsApp(), "to", CustomerErased::whatsappNumber, List.of());
    }

    /**
     * Every other customer event, and the tombstone that follows an erasure, is passed over without
     * a parse; an erasure that does not read goes to the dead letters.
     */
    private Consumer<Message<String>> forgetting(MessageLedger ledger, String addressField, Function<CustomerErased, String> address,
                                                 List<String> personal) {
        return record -> events.read(ReceivedRecords.of(record).value(), CustomerErased.class)
                .filter(erasure -> address.apply(erasure.data()) != null)
                .ifPresent(erasure -> ledger.forgetRecipient(erasure.orgId(), addressField, address.apply(erasure.data()), personal).block());
    }
}
