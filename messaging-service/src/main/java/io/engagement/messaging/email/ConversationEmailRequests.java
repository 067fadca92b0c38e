package io.engagement.messaging.email;

import io.engagement.platform.binding.ReceivedRecords;
import io.engagement.platform.event.ConversationEmailRequested;
import io.engagement.platform.event.EventReader;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.messaging.Message;

import java.util.function.Consumer;

/**
 * A conversation's unread agent replies for its visitor ({@link ConversationEmailRequested}, binding
 * {@code conversationEmails}), queued once per mail ({@link RequestedEmails}), of type and category
 * {@code conversation}: they reach the dev inbox and the message lists like any e-mail.
 */
@Configuration(proxyBeanMethods = false)
class ConversationEmailRequests {

    static final String EMAIL_TYPE = "conversation";
    static final String CATEGORY = "conversation";

    private final RequestedEmails emails;
    private final EventReader events;

    ConversationEmailRequests(RequestedEmails emails, EventReader events) {
        this.emails = emails;
        this.events = events;
    }

    @Bean
    Consumer<Message<String>> conversationEmails() {
        return record -> onRequest(ReceivedRecords.of(record));
    }

    void onRequest(ConsumerRecord<String, String> record) {
        events.read(record.value()).ifPresent(envelope -> {
            if (envelope.data() instanceof ConversationEmailRequested requested) {
                emails.queueOnce(envelope.orgId(), EMAIL_TYPE, requested.mailId(),
                        new RequestedEmails.Mail(requested.toEmail(), requested.subject(), requested.text(), EMAIL_TYPE, CATEGORY));
            }
        });
    }
}
