package io.engagement.analytics;

import io.engagement.platform.event.OrganizationPolicyFollowing;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;
import org.springframework.context.annotation.Import;
import org.springframework.scheduling.annotation.EnableScheduling;

/** Telemetry ingest, page registry, page collections and their analytics. */
@SpringBootApplication
@ConfigurationPropertiesScan
@EnableScheduling
@Import(OrganizationPolicyFollowing.class)
public class CollectionAnalyticsApplication {

    public static void main(String[] args) {
        SpringApplication.run(CollectionAnalyticsApplication.class, args);
    }
}
