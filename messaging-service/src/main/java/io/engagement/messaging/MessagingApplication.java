package io.engagement.messaging;

import io.engagement.messaging.email.MailStreams;
import io.engagement.platform.event.OrganizationPolicyFollowing;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;
import org.springframework.context.annotation.Import;

/** Transactional email and SMS, queued durably and delivered by workers. */
@SpringBootApplication
@ConfigurationPropertiesScan
@Import(OrganizationPolicyFollowing.class)
public class MessagingApplication {

    public static void main(String[] args) {
        MailStreams.nameProvider();
        SpringApplication.run(MessagingApplication.class, args);
    }
}
