package io.engagement.messaging.email;

import io.engagement.platform.binding.ReceivedRecords;
import io.engagement.platform.event.AlertEmailRequested;
import io.engagement.platform.event.EventReader;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.messaging.Message;

import java.util.function.Consumer;

/**
 * The alert service's e-mail ({@link AlertEmailRequested}, binding {@code alertEmails}), queued once
 * per alert delivery ({@link RequestedEmails}), of type {@code alert}. A request that does not read,
 * or that the API would refuse, goes to the topic's dead letters; the database or the queue away is
 * retried until they answer.
 */
@Configuration(proxyBeanMethods = false)
class AlertEmailRequests {

    static final String EMAIL_TYPE = "alert";
    static final String CATEGORY = "alerts";
    static final String KIND = "alert";

    private final RequestedEmails emails;
    private final EventReader events;

    AlertEmailRequests(RequestedEmails emails, EventReader events) {
        this.emails = emails;
        this.events = events;
    }

    @Bean
    Consumer<Message<String>> alertEmails() {
        return record -> onRequest(ReceivedRecords.of(record));
    }

    /** A record of another type, and a tombstone, is passed over. */
    void onRequest(ConsumerRecord<String, String> record) {
        events.read(record.value()).ifPresent(envelope -> {
            if (envelope.data() instanceof AlertEmailRequested requested) {
                emails.queueOnce(envelope.orgId(), KIND, requested.deliveryId(),
                        new RequestedEmails.Mail(requested.toEmail(), requested.subject(), requested.text(), EMAIL_TYPE, CATEGORY));
            }
        });
    }

    /** One message per alert delivery. */
    static String messageId(long org, String deliveryId) {
        return RequestedEmails.messageId(org, KIND, deliveryId);
    }
}
