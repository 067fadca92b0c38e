package io.engagement.gateway.person;

import io.engagement.platform.event.TopicDeclarations;
import io.engagement.platform.event.Topics;
import org.apache.kafka.clients.admin.NewTopic;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The topic account e-mail leaves on, declared by its writer so the first invitation finds it. */
@Configuration(proxyBeanMethods = false)
class AccountMailTopic {

    @Bean
    NewTopic accountEmailTopic() {
        return TopicDeclarations.of(Topics.ACCOUNT_EMAIL);
    }
}
