package io.engagement.messaging.reminder;

import io.engagement.platform.event.TopicDeclarations;
import io.engagement.platform.event.Topics;
import io.engagement.platform.store.ExpiringCollection;
import org.apache.kafka.clients.admin.NewTopic;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

@Configuration(proxyBeanMethods = false)
class ReminderConfiguration {

    /** A ticket no longer waiting is kept only as long as a late event of it could still arrive. */
    @Bean
    ExpiringCollection settledTicketsExpire() {
        return new ExpiringCollection(WaitingThreads.COLLECTION);
    }

    /** Declared here too, so the reminder listener finds its topic whichever service starts first. */
    @Bean
    NewTopic ticketTopicForReminders() {
        return TopicDeclarations.of(Topics.TICKET);
    }
}
