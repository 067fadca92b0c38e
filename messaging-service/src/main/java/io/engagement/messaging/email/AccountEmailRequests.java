package io.engagement.messaging.email;

import io.engagement.platform.binding.ReceivedRecords;
import io.engagement.platform.event.AccountEmailRequested;
import io.engagement.platform.event.EventReader;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.messaging.Message;

import java.util.function.Consumer;

/**
 * The gateway's e-mail to people about their accounts ({@link AccountEmailRequested}, binding
 * {@code accountEmails}: invitations and password resets), queued once per request
 * ({@link RequestedEmails}), of type and category {@code account}, so they reach the dev inbox and
 * the message lists like any e-mail.
 */
@Configuration(proxyBeanMethods = false)
class AccountEmailRequests {

    static final String EMAIL_TYPE = "account";
    static final String CATEGORY = "account";
    static final String KIND = "account";

    private final RequestedEmails emails;
    private final EventReader events;

    AccountEmailRequests(RequestedEmails emails, EventReader events) {
        this.emails = emails;
        this.events = events;
    }

    @Bean
    Consumer<Message<String>> accountEmails() {
        return record -> onRequest(ReceivedRecords.of(record));
    }

    /** A record of another type, and a tombstone, is passed over. */
    void onRequest(ConsumerRecord<String, String> record) {
        events.read(record.value()).ifPresent(envelope -> {
            if (envelope.data() instanceof AccountEmailRequested requested) {
                emails.queueOnce(envelope.orgId(), KIND, requested.requestId(),
                        new RequestedEmails.Mail(requested.toEmail(), requested.subject(), requested.text(), EMAIL_TYPE, CATEGORY));
            }
        });
    }
}
