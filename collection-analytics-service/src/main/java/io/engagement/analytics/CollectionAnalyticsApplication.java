package io.engagement.analytics;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;
import org.springframework.scheduling.annotation.EnableScheduling;

/** Telemetry ingest, page registry, page collections and their analytics. */
@SpringBootApplication
@ConfigurationPropertiesScan
@EnableScheduling
public class CollectionAnalyticsApplication {

    public static void main(String[] args) {
        SpringApplication.run(CollectionAnalyticsApplication.class, args);
    }
}
