package io.engagement.alert.delivery;

import io.engagement.platform.event.TopicDeclarations;
import io.engagement.platform.event.Topics;
import org.apache.kafka.clients.admin.NewTopic;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The topic alert e-mail is handed over on, created at start-up where missing, so the first e-mail never waits on auto-creation. */
@Configuration(proxyBeanMethods = false)
class DeliveryTopics {

    @Bean
    NewTopic alertEmailTopic() {
        return TopicDeclarations.of(Topics.ALERT_EMAIL);
    }
}
